// The front door of waivers: the text, signing, PDF and the admin list. Server side (I/O): functions, the build
// and other features' *.server.ts.
export {
  fileMissingWaiverPdfs,
  getWaiverContext,
  getWaiverPdf,
  pdfUrlPath,
  signWaiver,
  signWaiverOnCrewDevice,
  waiverQrSvg,
} from './waiver-service.server';
export {
  listMissingWaivers,
  listWaivers,
  type MissingWaiverItem,
  type WaiverListItem,
  waiverPdfForStaff,
} from './waivers-admin.server';
export { confirmWaiverReview, currentWaiverTexts, listWaiverTexts, publishWaiverText, waiverTextAt, type WaiverVersionItem } from './waiver-texts.server';
