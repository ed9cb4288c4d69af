/**
 * A list of names typed one by one (artists, lyricists, composers…): Enter, a comma or leaving the field adds what
 * was typed; each name is a chip with its own labelled remove button; Backspace in the empty field takes the last
 * one back for editing. A plain input, so labels, focus and screen readers behave as for any text field.
 */
import { CloseOutlined } from '@ant-design/icons';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface TagInputProps {
  id: string;
  value: string[];
  onChange: (value: string[]) => void;
  max: number;
  maxLength: number;
  placeholder?: string;
  describedBy?: string;
  invalid?: boolean;
}

const SEPARATORS = /[,，、;；]/;

export function TagInput({ id, value, onChange, max, maxLength, placeholder, describedBy, invalid }: TagInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const full = value.length >= max;

  const add = (raw: string) => {
    const names = raw
      .split(SEPARATORS)
      .map((name) => name.trim())
      .filter((name) => name !== '');
    if (names.length === 0) return;
    const next = [...value];
    for (const name of names) if (!next.includes(name) && next.length < max) next.push(name);
    onChange(next);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add(text);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      event.preventDefault();
      setText(value.at(-1) ?? '');
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className={invalid ? 'tag-input tag-input--invalid' : 'tag-input'}>
      {value.length > 0 && (
        <ul className="tag-input__tags">
          {value.map((name, index) => (
            <li key={name} className="tag-input__tag">
              <span>{name}</span>
              <button
                type="button"
                className="tag-input__remove"
                aria-label={t('works.tags.remove', { name })}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                <CloseOutlined aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        className="tag-input__field"
        value={text}
        maxLength={maxLength}
        disabled={full}
        placeholder={full ? t('works.tags.full', { max }) : (placeholder ?? t('works.tags.placeholder'))}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          const next = event.target.value;
          if (SEPARATORS.test(next)) add(next);
          else setText(next);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => add(text)}
      />
    </div>
  );
}
