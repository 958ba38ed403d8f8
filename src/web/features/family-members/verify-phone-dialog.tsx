import { useState, type FormEvent } from 'react';
import {
  type FamilyMemberDto,
  PHONE_CODE_MESSAGE,
  SMS_CONSENT_TEXT,
} from '../../../core/contracts/members.ts';
import { ApiError, serverMessageOr } from '../../platform/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useConfirmPhoneCode, useSendPhoneCode } from './api.ts';

interface VerifyPhoneDialogProps {
  /** The member whose number is verified; null when closed. */
  member: FamilyMemberDto | null;
  /** The number as the family reads it. */
  phoneText: string;
  onClose: () => void;
}

/**
 * Issue 20 'Verify': the SMS consent, 'Send code' (or 'Send a new code'), then the 6-digit code with its errors
 * (wrong, expired, too many attempts) under the field. A Radix dialog: focus is trapped, Escape closes.
 */
export function VerifyPhoneDialog({ member, phoneText, onClose }: VerifyPhoneDialogProps) {
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Verify phone number"
      description={member ? `Texts go to ${member.name} at ${phoneText} only once it is verified.` : ''}
    >
      {member ? <VerifyForm member={member} onDone={onClose} /> : null}
    </Dialog>
  );
}

function VerifyForm({ member, onDone }: { member: FamilyMemberDto; onDone: () => void }) {
  const { toast } = useToast();
  const send = useSendPhoneCode();
  const confirm = useConfirmPhoneCode();
  const [sent, setSent] = useState(member.phone_code_pending);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const sendCode = async () => {
    setError(undefined);
    try {
      await send.mutateAsync(member.id);
      setSent(true);
      toast({ title: 'Code sent', description: `A 6-digit code was texted to ${member.name}.` });
    } catch (e) {
      setError(serverMessageOr(e, 'The code could not be sent. Please try again.'));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^[0-9]{6}$/.test(code.replace(/[\s-]/g, ''))) {
      setError(PHONE_CODE_MESSAGE);
      return;
    }
    try {
      await confirm.mutateAsync({ id: member.id, code });
      toast({ title: 'Phone number verified', description: `${member.name} can now get texts.` });
      onDone();
    } catch (e) {
      setError(
        e instanceof ApiError && e.fields?.code ? e.fields.code : serverMessageOr(e, 'Could not verify.'),
      );
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{SMS_CONSENT_TEXT}</p>
      {sent ? (
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field label="6-digit code" error={error}>
            {(a11y) => (
              <Input
                {...a11y}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={9}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoFocus
              />
            )}
          </Field>
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => void sendCode()} disabled={send.isPending}>
              Send a new code
            </Button>
            <Button type="submit" disabled={confirm.isPending}>
              {confirm.isPending ? 'Verifying...' : 'Verify'}
            </Button>
          </div>
        </form>
      ) : (
        <div className="space-y-3">
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={onDone}>
              Cancel
            </Button>
            <Button onClick={() => void sendCode()} disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send code'}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
