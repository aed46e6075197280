/**
 * The match score's curated vocabulary, English and Portuguese. Each line is one skill: its forms separated by
 * `|`, the first the name shown, the others synonyms, abbreviations and the other language's wording. A form
 * written `=Go` only matches with that exact capitalisation (a common word otherwise). Forms are compared
 * after lower-casing, accent stripping and stemming (shared/match-text.ts), so plurals and verb forms need no
 * line of their own.
 */

export const HARD_SKILLS = `
JavaScript|JS|ECMAScript|ES6
TypeScript|TS
Python|Py
Java
Kotlin
=Go|Golang
Rust
C++|CPP
C#|CSharp|C Sharp
.NET|dotnet|.NET Core|ASP.NET
Ruby
Ruby on Rails|Rails|RoR
PHP
Laravel
Symfony
=Swift
Objective-C
Scala
Elixir
Erlang
Haskell
Clojure
Perl
=R|R language
MATLAB
Dart
Flutter
Bash|shell scripting|Shell
PowerShell
SQL|Structured Query Language
NoSQL
PostgreSQL|Postgres
MySQL
MariaDB
SQLite
Oracle Database|Oracle DB
Microsoft SQL Server|SQL Server|MSSQL
MongoDB|Mongo
Redis
Cassandra
DynamoDB
Elasticsearch|Elastic Search|OpenSearch
=Snowflake
BigQuery
Redshift
Databricks
Apache Spark|=Spark|PySpark
Hadoop
Apache Kafka|Kafka
RabbitMQ
Apache Airflow|=Airflow
dbt
ETL|extract transform load
Data warehousing|data warehouse|armazém de dados
Data modeling|data modelling|modelagem de dados
Data engineering|engenharia de dados
Data analysis|data analytics|análise de dados
Data science|ciência de dados
Data visualization|data visualisation|visualização de dados
Big data
Machine learning|ML|aprendizado de máquina|aprendizagem de máquina
Deep learning|aprendizado profundo
Artificial intelligence|AI|inteligência artificial|IA
Natural language processing|NLP|processamento de linguagem natural|PLN
Computer vision|visão computacional
Large language models|LLM|LLMs
Generative AI|GenAI|IA generativa
TensorFlow
PyTorch
scikit-learn|sklearn
pandas
NumPy
Jupyter
Statistics|estatística
A/B testing|AB testing|testes A/B
Tableau
Power BI|PowerBI
Looker
Microsoft Excel|MS Excel|=Excel
Google Sheets
VBA
SAS
SPSS
React|React.js|ReactJS
React Native
Angular|AngularJS
Vue.js|Vue|VueJS
Svelte
Next.js|NextJS
Nuxt
Redux
Node.js|=Node|NodeJS
Express.js|ExpressJS|=Express
NestJS
Deno
Django
Flask
FastAPI
Spring Boot
=Spring|Spring Framework
Hibernate
jQuery
HTML|HTML5
CSS|CSS3
Sass|SCSS
Tailwind CSS|Tailwind
Bootstrap
Webpack
Vite
GraphQL
REST APIs|=REST|RESTful|REST API|API REST
gRPC
Microservices|microsserviços|micro-services
Event-driven architecture|event driven|arquitetura orientada a eventos
Serverless
Software architecture|arquitetura de software
System design|design de sistemas
Distributed systems|sistemas distribuídos
Object-oriented programming|OOP|programação orientada a objetos|POO
Functional programming|programação funcional
Design patterns|padrões de projeto
Domain-driven design|DDD
Test-driven development|TDD
Unit testing|unit tests|testes unitários
Automated testing|test automation|testes automatizados|automação de testes
Jest
Cypress
Playwright
Selenium
JUnit
pytest
Quality assurance|QA|garantia de qualidade
Front-end development|frontend|front-end|front end
Back-end development|backend|back-end|back end
Full-stack development|full stack|fullstack|full-stack
Web development|desenvolvimento web
Mobile development|desenvolvimento mobile|desenvolvimento móvel
iOS
Android
Amazon Web Services|AWS
AWS Lambda|Lambda
Amazon S3|S3
Amazon EC2|EC2
Amazon SQS|SQS
AWS CDK|CDK
CloudFormation
Microsoft Azure|Azure
Google Cloud Platform|GCP|Google Cloud
Cloud computing|computação em nuvem|cloud
Kubernetes|K8s
Docker
Containers|containerization|contêineres|conteinerização
=Helm
Terraform
Infrastructure as code|IaC|infraestrutura como código
Ansible
Puppet
=Chef
Linux
Unix
Windows Server
Git
Version control|source control|controle de versão
GitHub
GitLab
Bitbucket
CI/CD|continuous integration|continuous delivery|continuous deployment|integração contínua|entrega contínua
Jenkins
GitHub Actions
CircleCI
DevOps
Site reliability engineering|SRE
Observability|observabilidade|monitoring|monitoramento
Prometheus
Grafana
Datadog
Splunk
New Relic
Networking|redes de computadores|TCP/IP
Cybersecurity|information security|security|segurança da informação|cibersegurança|InfoSec
Penetration testing|pentest|teste de intrusão
OAuth
Identity and access management|IAM
Encryption|criptografia
SOC 2
ISO 27001
GDPR|LGPD
Blockchain
=Solidity
=Unity
Unreal Engine
Embedded systems|sistemas embarcados
IoT|Internet of Things|internet das coisas
Figma
=Sketch
Adobe XD
Adobe Photoshop|Photoshop
Adobe Illustrator|Illustrator
Adobe InDesign|InDesign
Adobe Premiere|Premiere Pro
After Effects
Canva
UX design|user experience|experiência do usuário|UX
UI design|user interface design|design de interface|UI
Product design|design de produto
Interaction design|design de interação
User research|UX research|pesquisa com usuários|pesquisa de usuário
Usability testing|testes de usabilidade|teste de usabilidade
Prototyping|prototipação|prototipagem
Wireframing|wireframes
Design systems|sistemas de design|design system
Accessibility|acessibilidade|a11y|WCAG
Graphic design|design gráfico
Copywriting|redação publicitária
UX writing|redação de interface|microcopy
Technical writing|redação técnica
Content strategy|estratégia de conteúdo
Project management|gestão de projetos|gerenciamento de projetos|gerência de projetos|=PM
Product management|gestão de produto|gerenciamento de produto
Program management|gestão de programas
Agile|metodologias ágeis|ágil
Scrum
Kanban
=Lean
Six Sigma|Lean Six Sigma
Waterfall
Jira
Confluence
Trello
=Asana
=Notion
PMP
Stakeholder management|gestão de stakeholders|gestão de partes interessadas
Risk management|gestão de riscos|gerenciamento de riscos
Change management|gestão de mudanças
Budgeting|orçamento|budget management|gestão orçamentária
Financial analysis|análise financeira
Financial modeling|financial modelling|modelagem financeira
Financial reporting|relatórios financeiros
Forecasting|previsão
Accounting|contabilidade
Bookkeeping|escrituração contábil
Auditing|audit|auditoria
Tax|taxation|tributação|tributário
IFRS
GAAP|US GAAP
Accounts payable|contas a pagar
Accounts receivable|contas a receber
Payroll|folha de pagamento
Treasury|tesouraria
Controlling|controladoria
Business valuation|valuation de empresas|avaliação de empresas
Investment banking
Compliance|conformidade
Anti-money laundering|AML|prevenção à lavagem de dinheiro
SAP
Oracle ERP
ERP
Salesforce
HubSpot
CRM|customer relationship management
Zendesk
Sales|vendas
B2B sales|vendas B2B
Business development|desenvolvimento de negócios
Account management|gestão de contas
Lead generation|geração de leads
Negotiation|negociação
Customer success|sucesso do cliente
Customer service|atendimento ao cliente|customer support|suporte ao cliente
Digital marketing|marketing digital
Content marketing|marketing de conteúdo
Search engine optimization|SEO
Search engine marketing|SEM
Google Ads|AdWords
Google Analytics|GA4
Social media marketing|social media|redes sociais|mídias sociais
Email marketing|e-mail marketing
Marketing automation|automação de marketing
Growth marketing|growth hacking
Brand management|branding|gestão de marca
Market research|pesquisa de mercado
Public relations|PR|relações públicas|assessoria de imprensa
Event planning|organização de eventos|gestão de eventos
Performance marketing|mídia paga|paid media
Product marketing|marketing de produto
Pricing|precificação
E-commerce|ecommerce|comércio eletrônico
Supply chain|cadeia de suprimentos|supply chain management
Logistics|logística
Procurement|compras|suprimentos
Inventory management|gestão de estoque|controle de estoque
Operations management|gestão de operações
Process improvement|melhoria de processos|process optimization
Business analysis|análise de negócios
Business intelligence|BI|inteligência de negócios
Requirements gathering|levantamento de requisitos|requirements analysis
Strategic planning|planejamento estratégico
OKRs|OKR
KPIs|KPI|indicadores de desempenho
Recruiting|recruitment|recrutamento|recrutamento e seleção|talent acquisition
Human resources|HR|recursos humanos|RH
Onboarding
Training|treinamento|capacitação
Employee relations|relações trabalhistas
Labor law|legislação trabalhista|direito do trabalho
Contract management|gestão de contratos
Legal research|pesquisa jurídica
Litigation|contencioso
Corporate law|direito societário|direito empresarial
Patient care|cuidado ao paciente|assistência ao paciente
Nursing|enfermagem
Clinical research|pesquisa clínica
Electronic health records|EHR|EMR|prontuário eletrônico
HIPAA
Basic Life Support|BLS|suporte básico de vida
Advanced Cardiac Life Support|ACLS|suporte avançado de vida
PALS|Pediatric Advanced Life Support
=Epic|Epic Systems
Cerner
Intensive care|ICU|Intensive Care Unit|UTI|unidade de terapia intensiva|terapia intensiva
Critical care|cuidados críticos
Emergency care|emergency medicine|pronto-socorro|urgência e emergência
Medication administration|administração de medicamentos
Phlebotomy|coleta de sangue
Wound care|curativos
Triage|triagem
Pharmacology|farmacologia
Teaching|docência
Curriculum design|curriculum development|desenvolvimento curricular
Lesson planning|planejamento de aulas
Classroom management|gestão de sala de aula
AutoCAD
SolidWorks
Revit
BIM|Building Information Modeling
CAD|computer-aided design
Civil engineering|engenharia civil
Mechanical engineering|engenharia mecânica
Electrical engineering|engenharia elétrica
Lean manufacturing|manufatura enxuta
Quality control|controle de qualidade
Health and safety|segurança do trabalho|HSE|EHS
Microsoft Office|MS Office|Office 365|pacote Office
Microsoft Word|=Word
PowerPoint|Microsoft PowerPoint
Google Workspace|G Suite
Translation|tradução
Video editing|edição de vídeo
Photography|fotografia
English|inglês
Spanish|espanhol
Portuguese|português
French|francês
German|alemão
Stripe
Shopify
WordPress
Magento
Heroku
Vercel
Netlify
Firebase
Supabase
=Postman
OpenAPI|Swagger
Storybook
=Electron
Xamarin
=Ionic
D3.js|D3
Three.js
WebSockets|WebSocket|Socket.io
JWT|JSON Web Tokens
SAML
LDAP
Active Directory
VMware
ServiceNow
=Workday
NetSuite
QuickBooks
Xero
Microsoft Dynamics|Dynamics 365
Power Automate
Zapier
Airtable
Mixpanel
=Amplitude
=Segment
Hotjar
Miro
Webflow
Unity3D
OpenAI API
LangChain
Hugging Face|HuggingFace
MLOps
Prompt engineering|engenharia de prompt
Data governance|governança de dados
Data quality|qualidade de dados
`;

export const SOFT_SKILLS = `
Communication|communication skills|comunicação|habilidades de comunicação|comunicativo
Written communication|comunicação escrita
Verbal communication|comunicação verbal|comunicação oral
Leadership|liderança|team leadership|liderança de equipe|líder
Teamwork|team player|collaboration|trabalho em equipe|colaboração|colaborativo
Problem solving|problem-solving|resolução de problemas|solução de problemas
Critical thinking|pensamento crítico
Analytical skills|analytical thinking|pensamento analítico|raciocínio analítico|analítico
Attention to detail|detail-oriented|detail oriented|atenção aos detalhes|detalhista
Time management|gestão do tempo|gerenciamento de tempo
Organization|organizational skills|organização|organizado
Adaptability|flexibility|adaptabilidade|flexibilidade
Creativity|criatividade|criativo
Proactivity|proactive|proatividade|proativo
Autonomy|self-starter|self-motivated|autonomia|autônomo
Empathy|empatia
Emotional intelligence|inteligência emocional
Mentoring|mentorship|coaching|mentoria
Decision making|decision-making|tomada de decisão
Interpersonal skills|relacionamento interpessoal|habilidades interpessoais
Presentation skills|public speaking|apresentações|oratória
Customer focus|customer-centric|foco no cliente
Ownership|senso de dono
Resilience|resiliência
Conflict resolution|resolução de conflitos|gestão de conflitos
Multitasking|multitarefa
Curiosity|curiosidade
Strategic thinking|pensamento estratégico|visão estratégica
Results-oriented|results driven|orientação a resultados|orientado a resultados|foco em resultados
Cross-functional collaboration|cross-functional|colaboração multidisciplinar|times multidisciplinares
Stakeholder communication|comunicação com stakeholders
Influencing|influence|influência
Accountability
Continuous learning|growth mindset|aprendizado contínuo
`;

/** Words that never make a keyword on their own: function words of both languages and job-ad filler. */
export const STOPWORDS = `
a an the and or but nor of to in on at by for with from into onto over under about as is are was were be been
being have has had do does did will would shall should can could may might must this that these those it its
we our ours us you your yours they their them he she his her i me my mine who whom whose which what when where
why how all any both each few more most other some such no not only own same so than too very just also
etc e.g eg i.e ie via per plus including include includes within across through during before after above below
up down out off again further then once here there if while because until against between among new well
one two three four five six seven eight nine ten first second third good great strong solid excellent deep
high highly proven ability able knowledge understanding familiarity experience experienced expertise
years year months month team teams work working works worked job role roles position positions candidate
candidates company companies opportunity opportunities responsibilities responsibility requirements
requirement qualifications qualification skills skill level plus preferred required nice must need needs
needed looking join help make makes making use using used across day days week weeks time times ensure
including like least based related relevant similar environment environments field fields area areas part
full based us world best people person everyone someone things thing lot lots way ways hands-on handson
strong proficiency proficient knowledge degree etc equivalent practical understanding what whatever will
into yourself ourselves own able want wants love passionate passion self fast-paced fast paced dynamic
exciting exceptional outstanding successful success key various multiple every many much key core
o a os as um uma uns umas de do da dos das em no na nos nas por pelo pela pelos pelas para pra com sem sob
sobre entre até desde e ou mas nem que se como quando onde qual quais quem cujo cuja este esta estes estas
esse essa esses essas isso isto aquele aquela aquilo seu sua seus suas nosso nossa nossos nossas você vocês
ele ela eles elas eu nós me te lhe nos ser estar ter haver é são foi foram era eram será serão está estão
tem têm ter teve há muito muita muitos muitas pouco mais menos também já ainda bem mesmo outro outra outros
outras todo toda todos todas cada qualquer vaga vagas empresa empresas experiência experiências equipe
equipes time times trabalho trabalhar trabalhando anos ano meses mês conhecimento conhecimentos
conhecimento habilidade habilidades nível requisito requisitos qualificações desejável desejáveis
diferencial diferenciais obrigatório obrigatórios necessário necessária responsabilidades atividades
oportunidade oportunidades pessoa pessoas buscamos procuramos profissional profissionais área áreas
candidato candidata candidatos forte sólido sólida boa bom ótimo ótima excelente domínio vivência
capacidade atuar atuação junto dia dias semana semanas forma formas parte novo nova novos novas grande
grandes sempre sendo fazer faz feito uso usar utilizar utilização etc ex
youll youre were weve well theyll dont wont cant build building create drive deliver support provide ensure
improve looking seeking hiring apply within january february march april may june july august september
october november december remote hybrid onsite office location salary desenvolver criar apoiar garantir
buscar atuar contribuir janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro
dezembro remoto híbrido presencial local salário conforme will services service product products engineering data
decisions decision documents document serviço serviços produto produtos engenharia dados decisões decisão
documento documentos
`;

/** Role nouns: a title candidate must hold one (the JD's first lines, "Position:", "we are hiring a ..."). */
export const ROLE_NOUNS = `
engineer engineers developer developers programmer manager director designer analyst scientist architect
consultant specialist coordinator administrator assistant associate officer lead head intern accountant
auditor recruiter representative executive technician nurse teacher instructor writer editor strategist
advisor marketer salesperson owner president supervisor operator researcher attorney lawyer paralegal
pharmacist therapist physician clerk cashier agent planner buyer controller economist statistician
engenheiro engenheira desenvolvedor desenvolvedora programador programadora gerente diretor diretora
analista cientista arquiteto arquiteta consultor consultora especialista coordenador coordenadora
administrador administradora assistente auxiliar técnico técnica estagiário estagiária contador contadora
auditor auditora recrutador recrutadora vendedor vendedora executivo executiva enfermeiro enfermeira
professor professora redator redatora supervisor supervisora pesquisador pesquisadora advogado advogada
comprador compradora controller economista estatístico estatística líder designer
`;

/** Seniority words, ignored when a resume's title is compared with the job's. */
export const SENIORITY = `
senior sr sr. junior jr jr. mid mid-level staff principal lead chief entry entry-level associate i ii iii iv
sênior júnior pleno pl jr sr trainee estagiário
`;

/** Words that swap within a title ("software developer" and "software engineer" name one job). */
export const ROLE_SYNONYMS = `
developer|engineer|programmer|dev
desenvolvedor|desenvolvedora|programador|programadora|engenheiro|engenheira
manager|head|lead
gerente|líder|coordenador|coordenadora
`;
