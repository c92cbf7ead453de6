import { Button, PasswordInput, Stack, Tabs, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { PasswordSignInInputSchema, RegisterInputSchema } from '@myeai/domain';
import { usePasswordSignIn, useRegister } from '../api/sign-in.ts';

type PasswordFormsProps = { referralCode: string | null; onSignedIn: (newAccount: boolean) => void; onError: (message: string) => void };

function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

export function PasswordForms({ referralCode, onSignedIn, onError }: PasswordFormsProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const signIn = usePasswordSignIn();
  const register = useRegister();

  const submitSignIn = (event: FormEvent) => {
    event.preventDefault();
    const parsed = PasswordSignInInputSchema.safeParse({ email, password });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    signIn.mutate(parsed.data, { onSuccess: () => onSignedIn(false), onError: (error) => onError(error.message) });
  };

  const submitRegister = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RegisterInputSchema.safeParse({ name, email, password, ...(referralCode ? { ref: referralCode } : {}) });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    register.mutate(parsed.data, { onSuccess: () => onSignedIn(true), onError: (error) => onError(error.message) });
  };

  const emailInput = (
    <TextInput label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email} required />
  );

  return (
    <Tabs defaultValue="sign-in" onChange={() => setErrors({})}>
      <Tabs.List grow>
        <Tabs.Tab value="sign-in">Sign in</Tabs.Tab>
        <Tabs.Tab value="register">Create account</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="sign-in" pt="md">
        <form onSubmit={submitSignIn} noValidate aria-label="Sign in with email and password">
          <Stack gap="sm">
            {emailInput}
            <PasswordInput label="Password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={errors.password} required />
            <Button type="submit" loading={signIn.isPending}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Tabs.Panel>
      <Tabs.Panel value="register" pt="md">
        <form onSubmit={submitRegister} noValidate aria-label="Create an account">
          <Stack gap="sm">
            <TextInput label="Name" autoComplete="name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} required />
            {emailInput}
            <PasswordInput
              label="Password"
              // The rule, until the error states it: never both.
              description={errors.password ? undefined : 'At least 10 characters.'}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
              required
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
