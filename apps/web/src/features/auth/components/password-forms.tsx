import { Anchor, Button, Group, PasswordInput, Stack, Tabs, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { PasswordSignInInputSchema, RegisterInputSchema } from '@myeai/domain';
import { useState } from 'react';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { usePasswordSignIn, useRegister } from '../api/sign-in.ts';
import { TwoFactorStep } from './two-factor-step.tsx';

type PasswordFormsProps = { referralCode: string | null; onSignedIn: (newAccount: boolean) => void; onError: (message: string) => void };

export function PasswordForms({ referralCode, onSignedIn, onError }: PasswordFormsProps) {
  const signInForm = useDomainForm(PasswordSignInInputSchema, { email: '', password: '' });
  const registerForm = useDomainForm(
    RegisterInputSchema,
    { name: '', email: '', password: '' },
    { toInput: (values) => ({ ...values, ...(referralCode ? { ref: referralCode } : {}) }) },
  );
  const signIn = usePasswordSignIn();
  const register = useRegister();
  const [twoFactorPending, setTwoFactorPending] = useState(false);

  const submitSignIn = signInForm.onSubmit((input) => {
    signIn.mutate(input, {
      onSuccess: (result) => ('two_factor_required' in result ? setTwoFactorPending(true) : onSignedIn(false)),
      onError: (error) => {
        signInForm.setServerErrors(error);
        onError(error.message);
      },
    });
  });

  const submitRegister = registerForm.onSubmit((input) => {
    register.mutate(input, {
      onSuccess: () => onSignedIn(true),
      onError: (error) => {
        registerForm.setServerErrors(error);
        onError(error.message);
      },
    });
  });

  // The e-mail and password typed on one tab carry over to the other; the other tab's messages do not.
  const onTabChange = (tab: string | null) => {
    const [from, to] = tab === 'register' ? [signInForm, registerForm] : [registerForm, signInForm];
    const { email, password } = from.getValues();
    to.setValues({ email, password });
    from.clearErrors();
  };

  const registerPassword = registerForm.getInputProps('password');

  if (twoFactorPending) return <TwoFactorStep onSignedIn={() => onSignedIn(false)} onCancel={() => setTwoFactorPending(false)} onError={onError} />;

  return (
    <Tabs defaultValue="sign-in" onChange={onTabChange}>
      <Tabs.List grow>
        <Tabs.Tab value="sign-in">Sign in</Tabs.Tab>
        <Tabs.Tab value="register">Create account</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="sign-in" pt="md">
        <form onSubmit={submitSignIn} noValidate aria-label="Sign in with email and password">
          <Stack gap="sm">
            <TextInput label="Email" type="email" autoComplete="email" required {...signInForm.getInputProps('email')} />
            <PasswordInput label="Password" autoComplete="current-password" required {...signInForm.getInputProps('password')} />
            <Group justify="flex-end">
              <Anchor component={Link} to={`/forgot-password${signInForm.getValues().email ? `?email=${encodeURIComponent(signInForm.getValues().email)}` : ''}`} size="sm">
                Forgot password?
              </Anchor>
            </Group>
            <Button type="submit" loading={signIn.isPending}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Tabs.Panel>
      <Tabs.Panel value="register" pt="md">
        <form onSubmit={submitRegister} noValidate aria-label="Create an account">
          <Stack gap="sm">
            <TextInput label="Name" autoComplete="name" required {...registerForm.getInputProps('name')} />
            <TextInput label="Email" type="email" autoComplete="email" required {...registerForm.getInputProps('email')} />
            <PasswordInput
              label="Password"
              // The rule, until the error states it: never both.
              description={registerPassword.error ? undefined : 'At least 10 characters.'}
              autoComplete="new-password"
              required
              {...registerPassword}
            />
            <Button type="submit" loading={register.isPending}>
              Create account
            </Button>
          </Stack>
        </form>
      </Tabs.Panel>
    </Tabs>
  );
}
