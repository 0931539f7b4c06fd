// The first-run setup's front door for functions, the build and the CLI.
export { finishSetup, getSetupState, removeDemo, saveSetupStep, setupForBuild, setupOverview, writeStartingSettings, type DemoCounts, type SetupState } from './setup.server';
