/** pdf.js ships no types for its worker module; the importer only hands it to pdf.js (parse-file.ts). */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
