import { useEffect, useState } from 'react';
import { setupStepSchemas, setupSteps } from '../../../lib/setup';
import { adminApi, adminPaths } from '../../../lib/paths';
import { FormAlert } from '../../shared/form-kit';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { buttonClass, Card, LoadState, ScreenForm, ScreenHeader, secondaryButtonClass } from '../shared/ui';
import { NotAllowed } from '../shared/NotAllowed';
import { RemoveDemo } from '../settings/RemoveDemo';
import { bodyOf, draftOf, problemsOf, type Draft, type SetupPayload, type Step } from './setup-draft';
import { SetupReview } from './SetupReview';
import { SetupStepFields } from './SetupStepFields';

/**
 * /admin/setup (owners): from the demo (or an empty start) to the owner's own business, one step at a
 * time. Each "Next" saves that step (its own endpoint, audited); any step can be opened again from the
 * list; coming back later opens the first step not saved. The last step reviews and finishes, which
 * marks the setup done and publishes the site.
 */
export default function SetupWizard() {
  const { data, error, loading, reload } = useAdminData<SetupPayload>(adminApi.setup.all);
  const [step, setStep] = useState<Step | null>(null);
  // What the owner typed in each step and has not saved: kept while they look at other steps. A step
  // with nothing typed shows its saved values as last loaded (after a save, the reloaded ones).
  const [drafts, setDrafts] = useState<Partial<Record<Step, Draft>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Resume where the owner left off, once the state has loaded.
  useEffect(() => {
    if (data && step === null) open(data.state.resumeAt);
  }, [data]);

  if (error?.code === 'forbidden') return <NotAllowed title="Set up your business" screen="The business setup" needs="owner" />;

  function open(next: Step) {
    setStep(next);
    setErrors({});
    setProblem(null);
    document.getElementById('setup-step')?.focus();
  }

  const savedDraft = (s: Step) => (data && s !== 'review' ? draftOf(data.values[s]) : {});
  const draft = step === null ? {} : (drafts[step] ?? savedDraft(step));

  const index = step === null ? -1 : step === 'review' ? setupSteps.length : setupSteps.findIndex((s) => s.id === step);

  async function next() {
    if (!data || step === null || step === 'review') return;
    const body = bodyOf(step, draft);
    const checked = setupStepSchemas[step].safeParse(body);
    if (!checked.success) {
      setErrors(problemsOf(checked.error.issues));
      setProblem('Check the fields marked below.');
      return;
    }
    setBusy(true);
    const result = await adminMutate(adminApi.setup.step(step), 'PUT', body, `${setupSteps[index]!.label} saved.`);
    setBusy(false);
    if (!result.ok) {
      setErrors(result.error.fields ?? {});
      setProblem(result.error.message);
      return;
    }
    // Saved: the step shows what the server kept, and the next one its values as reloaded (a step
    // can change another's: the towns' tax rate is the Tax step's).
    setDrafts(({ [step]: _saved, ...rest }) => rest);
    reload();
    open(setupSteps[index + 1]?.id ?? 'review');
  }

  async function finish() {
    setBusy(true);
    const result = await adminMutate(adminApi.setup.finish, 'POST', {}, 'Setup finished: the site is being published.');
    setBusy(false);
    // The toast would be lost with the page: the dashboard says it again from the address's flag.
    if (result.ok) location.assign(adminPaths.homeAfterSetup);
    else setProblem(result.error.message);
  }

  const set = (key: string, value: Draft[string]) => {
    if (step === null || step === 'review') return;
    setDrafts((all) => ({ ...all, [step]: { ...(all[step] ?? savedDraft(step)), [key]: value } }));
  };

  return (
    <>
      <ScreenHeader
        title="Set up your business"
        description="Make the site yours: each step saves when you press Next, and you can come back to any step later."
      />
      <LoadState loading={loading} error={error}>
        {data && step !== null && (
          <div className="grid gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
            <nav aria-label="Setup steps" className="order-2 lg:order-1">
              <ol className="space-y-1 text-sm">
                {[...setupSteps, { id: 'review' as const, label: 'Review and finish' }].map((s, i) => (
                  <li key={s.id}>
                    <button
                      type="button"
                      onClick={() => open(s.id)}
                      aria-current={s.id === step ? 'step' : undefined}
                      className="w-full rounded-lg px-3 py-2 text-left font-semibold text-slate-800 hover:bg-brand-50 aria-[current=step]:bg-brand-100 aria-[current=step]:text-brand-900"
                    >
                      {i + 1}. {s.label}
                      {s.id !== 'review' && data.state.done.includes(s.id) && (
                        <span className="ml-1 text-emerald-800">
                          ✓<span className="sr-only"> saved</span>
                        </span>
                      )}
                    </button>
                  </li>
                ))}
              </ol>
            </nav>
            <div className="order-1 min-w-0 space-y-4 lg:order-2">
              <Card
                title={
                  <span
                    id="setup-step"
                    tabIndex={-1}
                  >{`Step ${index + 1} of ${setupSteps.length + 1}: ${step === 'review' ? 'Review and finish' : setupSteps[index]!.label}`}</span>
                }
              >
                <ScreenForm className="space-y-4" onSubmit={() => void (step === 'review' ? finish() : next())}>
                  {step === 'review' ? (
                    <SetupReview data={data} />
                  ) : (
                    <SetupStepFields step={step} data={data} draft={draft} errors={errors} set={set} reload={reload} />
                  )}
                  {problem && (
                    <FormAlert
                      title={step === 'review' ? 'The setup is not finished' : 'This step was not saved'}
                      message={problem}
                    />
                  )}
                  <div className="flex flex-wrap gap-2">
                    {index > 0 && (
                      <button
                        type="button"
                        className={secondaryButtonClass}
                        onClick={() => open(setupSteps[index - 1]!.id)}
                      >
                        Back
                      </button>
                    )}
                    <button type="submit" className={buttonClass} disabled={busy}>
                      {step === 'review' ? 'Finish' : 'Next'}
                    </button>
                  </div>
                </ScreenForm>
              </Card>
              {(step === 'review' || data.state.isDemo) && <RemoveDemo demo={data.demo} onRemoved={reload} />}
            </div>
          </div>
        )}
      </LoadState>
    </>
  );
}
