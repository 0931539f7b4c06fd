// The front door of deploying: what a deploy needs (readiness), each function's route and the routes the
// docs list. Pure; the bundler and the docs' reading are index.server.ts.
export { deployReadiness, formatDeployReport } from './deploy-readiness';
export { functionsWithoutRoute, matchRoute, type RouteMatch, routeTable } from './function-routes';
