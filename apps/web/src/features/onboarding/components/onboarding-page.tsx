import { Alert, Button, Container, Group, List, Loader, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_CONTACT_PREFERENCE, DEFAULT_CONTACT_TIME, INCOMPLETE_GOALS_MESSAGE, isoDay, ONBOARDING_ERROR_MESSAGE, TRIAL_LENGTH_DAYS, type UserProfile } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { storedReferralCode } from '../../auth/index.ts';
import { useAccessLevel } from '../../trial/index.ts';
import { useOnboardingProfile, useSaveProfile, useSetupGoals } from '../api/onboarding-api.ts';
import { CompletedOnboarding } from './completed-onboarding.tsx';
import { GoalsStep, useGoalsForm } from './goals-step.tsx';
import { QuestionnaireStep, type Questionnaire } from './questionnaire-step.tsx';
import { ReferralStep, type ReferralState } from './referral-step.tsx';

const EMPTY_QUESTIONNAIRE: Questionnaire = {
  age_range: null,
  location: null,
  income_level: null,
  trading_experience: null,
  motivation: null,
  risk_tolerance: null,
  time_availability: null,
  learning_style: null,
  financial_goals: null,
  biggest_challenge: null,
  ideal_trading_day: null,
  contact_preference: DEFAULT_CONTACT_PREFERENCE,
  best_contact_time: DEFAULT_CONTACT_TIME,
};

/** After the confirmation, the dashboard follows by itself (spec 2: after 3 seconds). */
const CONFIRMATION_DELAY_MS = 3000;

/** The wizard's four steps (spec 2): referral code, profile questionnaire, goals, confirmation. */
const CONFIRMATION_STEP = 3;

type StepActionsProps = { onBack: () => void; onNext: () => void; isSaving: boolean; onSkip?: () => void; children: ReactNode };

/** A step's footer: Back on the left; the step's saving action (and Skip, where skipping belongs) on the right. */
function StepActions({ onBack, onNext, isSaving, onSkip, children }: StepActionsProps) {
  return (
    <Group justify="space-between">
      <Button variant="default" onClick={onBack}>
        Back
      </Button>
      <Group gap="sm">
        {onSkip && (
          <Button variant="subtle" onClick={onSkip}>
            Skip goal setup
          </Button>
        )}
        <Button onClick={onNext} loading={isSaving}>
          {children}
        </Button>
      </Group>
    </Group>
  );
}

/**
 * The onboarding wizard (/onboarding and /goal-onboarding): referral code, questionnaire, goals,
 * confirmation. Once the questionnaire is saved, the page opens on the stored answers instead,
 * with a way to edit them and, for a user without goals, to set them.
 */
export function OnboardingPage({ user }: { user: UserProfile }) {
  const navigate = useNavigate();
  const saved = useOnboardingProfile();
  const saveProfile = useSaveProfile();
  const setupGoals = useSetupGoals();
  const accessLevel = useAccessLevel();
  const [step, setStep] = useState(0);
  // null: not decided yet (the summary shows when the questionnaire was saved before this visit).
  const [inWizard, setInWizard] = useState<boolean | null>(null);
  const [referral, setReferral] = useState<ReferralState>(() => ({ code: storedReferralCode() ?? '', referrerName: null }));
  const [questionnaire, setQuestionnaire] = useState<Questionnaire | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<{ referrer: string | null; goals: number } | null>(null);
  // One id per wizard visit: re-sending the same goals after a lost answer creates them once.
  const submissionId = useMemo(() => crypto.randomUUID(), []);
  const goalsForm = useGoalsForm(submissionId);
  const today = isoDay(new Date());

  useEffect(() => {
    if (step !== CONFIRMATION_STEP) return;
    const timer = window.setTimeout(() => void navigate('/dashboard'), CONFIRMATION_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [step, navigate]);

  if (saved.isError) return <LoadError message={saved.error.message} onRetry={() => void saved.refetch()} />;
  if (accessLevel.isError) return <LoadError message={accessLevel.error.message} onRetry={() => void accessLevel.refetch()} />;
  const hasGoals = accessLevel.data?.goals_completed ?? false;
  const showSummary = inWizard === null ? saved.data?.profile != null && accessLevel.data !== undefined : !inWizard;
  // Moving in the wizard keeps it open when the saved questionnaire arrives meanwhile.
  const goTo = (at: number) => {
    setStep(at);
    setInWizard(true);
  };
  const openWizardAt = (at: number) => {
    setError(null);
    goTo(at);
  };
  if (inWizard === null && (saved.isPending || accessLevel.isPending)) return <Loader aria-label="Loading your onboarding" />;
  const answers = questionnaire ?? saved.data?.profile ?? EMPTY_QUESTIONNAIRE;
  const existingReferrer = saved.data?.referrer?.name ?? null;

  const submitProfile = () => {
    setError(null);
    saveProfile.mutate(
      { ...answers, referral_code: existingReferrer ? null : referral.code.trim() || null },
      {
        onSuccess: (answer) => {
          if (answer.referrer) setReferral({ code: answer.referrer.referral_code, referrerName: answer.referrer.name });
          // A user with goals who edited the answers is done: back to the summary, not to new goals.
          if (hasGoals) {
            setQuestionnaire(null);
            setInWizard(false);
          } else goTo(2);
        },
        onError: (failure) => setError(`${ONBOARDING_ERROR_MESSAGE} (${failure.message})`),
      },
    );
  };

  const submitGoals = goalsForm.onSubmit(
    (input) => {
      setError(null);
      if (!input.short_term && !input.mid_term && !input.long_term) return setError(INCOMPLETE_GOALS_MESSAGE);
      setupGoals.mutate(input, {
        onSuccess: (answer) => {
          setSummary({ referrer: referral.referrerName ?? existingReferrer, goals: answer.goals_created });
          goTo(CONFIRMATION_STEP);
        },
        onError: (failure) => {
          goalsForm.setServerErrors(failure);
          setError(`Failed to submit goals. Please try again. (${failure.message})`);
        },
      });
    },
    () => setError(null),
  );

  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1}>Welcome, {user.name.split(' ')[0]}</Title>
            <Text c="dimmed">
              {showSummary ? 'Your onboarding is saved: review or edit your answers here.' : `Four short steps to set up your journey and unlock your free ${TRIAL_LENGTH_DAYS}-day trial.`}
            </Text>
          </div>
        </Group>
        {error && (
          <Alert color="red" role="alert" title="Something needs your attention" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
            {error}
          </Alert>
        )}
        {showSummary ? (
          <CompletedOnboarding
            answers={answers}
            referrer={referral.referrerName ?? existingReferrer}
            hasGoals={hasGoals}
            onEditAnswers={() => openWizardAt(1)}
            onSetGoals={() => openWizardAt(2)}
          />
        ) : (
          <Stepper active={step} size="sm" allowNextStepsSelect={false}>
            <Stepper.Step label="Referral" description="Who invited you">
              <Stack mt="md">
                <ReferralStep value={referral} onChange={setReferral} existingReferrer={existingReferrer} />
                <Group justify="flex-end">
                  <Button onClick={() => goTo(1)}>Next</Button>
                </Group>
              </Stack>
            </Stepper.Step>
            <Stepper.Step label="Profile" description="About you">
              <Stack mt="md">
                <QuestionnaireStep value={answers} onChange={setQuestionnaire} />
                <StepActions onBack={() => goTo(0)} onNext={submitProfile} isSaving={saveProfile.isPending}>
                  Save and continue
                </StepActions>
              </Stack>
            </Stepper.Step>
            <Stepper.Step label="Goals" description="What you are working towards">
              <Stack mt="md">
                <GoalsStep form={goalsForm} today={today} />
                {/* Skipping belongs here only: the profile is saved, and goals can be set later. */}
                <StepActions onBack={() => goTo(1)} onNext={() => submitGoals()} isSaving={setupGoals.isPending} onSkip={() => void navigate('/dashboard')}>
                  Submit goals
                </StepActions>
              </Stack>
            </Stepper.Step>
            <Stepper.Step label="Confirmation" description="Ready to start">
              <Alert color="teal" icon={<IconCircleCheck aria-hidden />} title="You are all set" mt="md" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
                <List size="sm" spacing={4}>
                  <List.Item>Your profile is saved.</List.Item>
                  {summary?.referrer && <List.Item>You were referred by {summary.referrer}.</List.Item>}
                  <List.Item>
                    {summary?.goals ?? 0} goal{summary?.goals === 1 ? ' is' : 's are'} waiting for review (usually within 24 hours).
                  </List.Item>
                </List>
                <Text size="sm" mt="sm">
                  Taking you to your Business Hub, where you can activate your free trial…
                </Text>
              </Alert>
            </Stepper.Step>
          </Stepper>
        )}
      </Stack>
    </Container>
  );
}
