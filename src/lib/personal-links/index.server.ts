// The front door of greetings on personal links. Server side (I/O): functions, the build and other features'
// *.server.ts.
export { greetingFor } from './greeting.server';
