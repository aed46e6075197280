export { DownloadPdfButton } from './components/download-pdf-button.tsx';
export {
  type DownloadPdfOptions,
  type PdfDownloadState,
  pdfProgressText,
  useDownloadPdf,
} from './hooks/use-download-pdf.tsx';
