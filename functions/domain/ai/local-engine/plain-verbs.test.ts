import { describe, expect, it } from '@jest/globals';
import { tidy } from './plain-verbs.ts';

describe('tidy', () => {
  it('says a weak opening plainly, claiming no more than it did', () => {
    expect(tidy('Responsible for the billing service.', 'en')).toBe('Owned the billing service');
    expect(tidy('worked on the mobile app', 'en')).toBe('Contributed to the mobile app');
    expect(tidy('Fui responsável pela migração', 'pt')).toBe('Conduzi migração');
  });

  it('drops filler words and keeps the rest as written', () => {
    expect(tidy('Successfully utilized Kafka in order to cut lag;', 'en')).toBe('Used Kafka to cut lag');
    expect(tidy('Entreguei o projeto com sucesso', 'pt')).toBe('Entreguei o projeto');
  });

  it('reads only the language’s own openings', () => {
    expect(tidy('trabalhei em pagamentos', 'en')).toBe('Trabalhei em pagamentos');
  });
});
