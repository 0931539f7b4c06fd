// The front door of toasts. Pure and safe in the browser.
export { toast } from './toast';
export { islandToast } from './sonner-toast';
