/** The route element that shows a flagged page only while its flag is on (router.tsx loads it on demand). */
export { FlagGate } from './components/flag-gate.tsx';
