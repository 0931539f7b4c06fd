// DOOR_HEADER
export { photoExtension, type PhotoType, sniffImageType } from './image-type';
export { enlargedImageUrl, type ImageLayoutName, responsiveImage } from './responsive-image';
