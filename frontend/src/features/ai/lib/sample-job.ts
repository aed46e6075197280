/**
 * The job description /resume-tailoring-test fills in, so the whole flow can be tried without hunting for
 * a posting. A fictional company; written to share some keywords with a typical software resume and to
 * miss others.
 */
export const sampleJobDescriptions: Record<'en-US' | 'pt-BR', string> = {
  'en-US': `Senior Backend Engineer – Riverbend Logistics (remote, US)

Riverbend Logistics moves freight for 4,000 shippers. We are looking for a senior backend engineer to help scale our shipment tracking platform.

What you will do
- Design and build event-driven services on AWS (Lambda, SQS, DynamoDB) in TypeScript and Node.js
- Improve the reliability and latency of APIs that serve millions of requests a day
- Lead design reviews, mentor engineers and take part in a calm on-call rotation

Requirements
- 6+ years of professional software engineering experience
- Strong experience with TypeScript, Node.js and PostgreSQL
- Experience with distributed systems, observability and automated testing
- Clear written communication and collaboration with product teams

Nice to have
- Kubernetes and Terraform
- Experience in logistics or payments`,
  'pt-BR': `Pessoa Engenheira de Software Sênior (Back-end) – Rio Claro Logística (remoto)

A Rio Claro Logística transporta cargas para 4.000 empresas. Buscamos uma pessoa engenheira de software sênior para escalar nossa plataforma de rastreamento de entregas.

Responsabilidades
- Projetar e construir serviços orientados a eventos na AWS (Lambda, SQS, DynamoDB) com TypeScript e Node.js
- Melhorar a confiabilidade e a latência de APIs que atendem milhões de requisições por dia
- Conduzir revisões de arquitetura, orientar pessoas engenheiras e participar do plantão

Requisitos
- 6 anos ou mais de experiência profissional com engenharia de software
- Experiência sólida com TypeScript, Node.js e PostgreSQL
- Experiência com sistemas distribuídos, observabilidade e testes automatizados
- Boa comunicação escrita e colaboração com times de produto

Diferenciais
- Kubernetes e Terraform
- Experiência com logística ou pagamentos`,
};
