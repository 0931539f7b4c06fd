// The first-run setup's front door for pages and islands (pure: steps, their schemas, time zones).
export { damageWaiverChoice, damageWaiverChoices, damageWaiverSettings, type DamageWaiverChoice, percentToBps, resumeStep, setupStepName, setupStepSchemas, setupSteps, stepSettingsFields, usTimeZones, type SetupStepId, type SetupStepInput } from './setup';
export { startingSettings } from './starting-settings';
