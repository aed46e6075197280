import { randomBytes } from 'node:crypto';

/** A new object id with Stripe's prefix (`cus_`, `sub_`, `cs_test_`…), marked local. */
export const newId = (prefix: string) => `${prefix}_local${randomBytes(10).toString('hex')}`;
