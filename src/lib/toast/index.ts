// The front door of toasts. Pure and safe in the browser.
export { islandToast } from './sonner-toast';
export { toast } from './toast';
