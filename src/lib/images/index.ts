// The front door of responsive images and the type of an uploaded image. Pure and safe in the browser.
export { decodeDataUrl, photoExtension, type PhotoType, sniffImageType } from './image-type';
export { enlargedImageUrl, type ImageLayoutName, responsiveImage } from './responsive-image';
