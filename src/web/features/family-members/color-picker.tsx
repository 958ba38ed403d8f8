import { MEMBER_COLOR_TOKENS, MEMBER_COLORS } from '../../../core/members/colors.ts';
import { cn } from '../../components/ui/cn.ts';

interface ColorPickerProps {
  value: string;
  onChange: (color: string) => void;
  error?: string | undefined;
}

/**
 * The eight-colour palette as a radio group: each swatch is a real radio input (arrow keys move, the name is
 * read out), drawn as a dot with the colour's name.
 */
export function ColorPicker({ value, onChange, error }: ColorPickerProps) {
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-800">Color</legend>
      <div className="grid grid-cols-4 gap-2">
        {MEMBER_COLORS.map((color) => {
          const tokens = MEMBER_COLOR_TOKENS[color];
          const checked = value === color;
          return (
            <label
              key={color}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md border px-2 py-1.5 text-sm text-slate-800 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500',
                checked ? 'border-slate-900 bg-slate-50 font-medium' : 'border-slate-200',
              )}
            >
              <input
                type="radio"
                name="member-color"
                value={color}
                checked={checked}
                onChange={() => onChange(color)}
                className="sr-only"
              />
              <span aria-hidden className={cn('h-4 w-4 shrink-0 rounded-full', tokens.dot)} />
              {tokens.label}
            </label>
          );
        })}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
