import type { ComponentProps } from 'react';
import { TextField } from './text-field.tsx';

type NameProps = ComponentProps<typeof TextField>;

/** First and last name side by side (100 characters each, as the profile stores them). */
export function NameFields({ firstName, lastName }: { firstName: NameProps; lastName: NameProps }) {
  return (
    <div className="form__row">
      <TextField autoComplete="given-name" required maxLength={100} {...firstName} />
      <TextField autoComplete="family-name" required maxLength={100} {...lastName} />
    </div>
  );
}
