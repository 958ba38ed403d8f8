import { MessageSquareText } from 'lucide-react';
import { Card } from '../../components/ui/card.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useSetting, useUpdateSetting } from './api.ts';

/**
 * Issue 43 item 2 (ADR 058): parents can change the calendar by texting the assistant ("move soccer to 5",
 * confirmed with YES); this family switch lets every member with a verified number do it too. Off by default.
 */
export function TextCommandsCard() {
  const { toast } = useToast();
  const setting = useSetting('sms_commands_everyone');
  const update = useUpdateSetting();
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <MessageSquareText className="h-5 w-5 text-indigo-600" aria-hidden />
        Changes by Text
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Parents can add, move and cancel events, add tasks and take pickups by texting the assistant. Each
        change waits for a YES.
      </p>
      <div className="mt-4">
        <Switch
          label="Let Every Member Make Changes by Text"
          checked={setting.data ?? false}
          disabled={setting.isPending || update.isPending}
          onCheckedChange={(on) =>
            update.mutate(
              { key: 'sms_commands_everyone', on },
              {
                onSuccess: () =>
                  toast({
                    title: 'Settings updated',
                    description: on
                      ? 'Every member can now change the calendar by text.'
                      : 'Only parents can now change the calendar by text.',
                  }),
                onError: () =>
                  toast({
                    title: 'Error',
                    description: 'Failed to update who can make changes by text.',
                    variant: 'destructive',
                  }),
              },
            )
          }
        />
      </div>
    </Card>
  );
}
