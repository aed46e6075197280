/**
 * What the public /account-deleted page reads: the address of the account just deleted. Apart from index.ts,
 * whose hook belongs to the signed-in app, so a signed-out page does not load it.
 */
export { deletedAccountEmail } from './lib/deleted-account.ts';
