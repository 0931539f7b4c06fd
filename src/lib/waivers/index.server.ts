// DOOR_HEADER
export { fileMissingWaiverPdfs, getWaiverContext, getWaiverPdf, pdfUrlPath, signWaiver, waiverQrSvg } from './waiver-service.server';
export { listMissingWaivers, listWaivers, waiverPdfForStaff } from './waivers-admin.server';
