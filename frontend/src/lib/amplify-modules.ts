// What the app's own code calls in Amplify, in one module so the loader's dynamic import stays tree-shaken.
export { fetchAuthSession, fetchUserAttributes, getCurrentUser, signOut } from 'aws-amplify/auth';
export { Hub } from 'aws-amplify/utils';
export { configureAmplify } from '../config/configure-amplify.ts';
