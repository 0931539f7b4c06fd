// DOOR_HEADER
export { loadDashboard } from './dashboard.server';
