import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { useSchemaForm } from './form';

const Schema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'Email is required')),
  password: z.string().check(z.minLength(1, 'Password is required')),
});

/** A bare input wired like a Mantine input: value, onChange, onBlur and the message under it. */
function Field({ label, error, ...props }: { label: string; error?: string; [key: string]: unknown }) {
  return (
    <div>
      <input aria-label={label} {...props} />
      {error && <span>{error}</span>}
    </div>
  );
}

function Form({ onSend }: { onSend: (v: z.output<typeof Schema>) => void }) {
  const { form, valid, onSubmit } = useSchemaForm(Schema, { initialValues: { email: '', password: '' } });
  return (
    <form onSubmit={onSubmit(onSend)} noValidate>
      <Field label="Email" {...form.getInputProps('email')} />
      <Field label="Password" {...form.getInputProps('password')} />
      <output>{valid ? 'valid' : 'invalid'}</output>
      <button type="submit">Send</button>
    </form>
  );
}

const renderForm = (onSend = vi.fn()) => {
  render(<Form onSend={onSend} />);
  return onSend;
};

afterEach(cleanup);

describe('useSchemaForm', () => {
  it('shows nothing at first, a field’s message once it is left, and every message on submit', () => {
    const onSend = renderForm();
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.getByText('invalid')).toBeTruthy();
    fireEvent.blur(screen.getByLabelText('Email'));
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.queryByText('Password is required')).toBeNull();
    fireEvent.click(screen.getByText('Send'));
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('shows a message once the field is changed, and sends the parsed values when valid', () => {
    const onSend = renderForm();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: '' } });
    expect(screen.getByText('Password is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' ann@example.com ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    expect(screen.getByText('valid')).toBeTruthy();
    fireEvent.click(screen.getByText('Send'));
    expect(onSend).toHaveBeenCalledWith({ email: 'ann@example.com', password: 'secret' });
  });

  it('a field left by pressing the pointer shows its message only after the press, so the click lands', () => {
    const onSend = renderForm();
    const email = screen.getByLabelText('Email');
    email.focus();
    fireEvent.pointerDown(screen.getByText('Send'));
    fireEvent.blur(email);
    expect(screen.queryByText('Email is required')).toBeNull();
    fireEvent.pointerUp(screen.getByText('Send'));
    fireEvent.click(screen.getByText('Send'));
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();
  });
});
