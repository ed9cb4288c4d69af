import { SearchOutlined } from '@ant-design/icons';
import { type FormEvent, useId } from 'react';
import './search-box.css';

interface SearchBoxProps {
  label: string;
  placeholder: string;
  buttonText: string;
  defaultValue?: string;
  onSearch: (keyword: string) => void;
}

/** A labelled search form in plain HTML (light enough for any public page). */
export function SearchBox({ label, placeholder, buttonText, defaultValue = '', onSearch }: SearchBoxProps) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('keyword');
    onSearch(typeof value === 'string' ? value.trim() : '');
  };
  return (
    <search>
      <form className="search-box" onSubmit={submit}>
        <label htmlFor={id} className="visually-hidden">
          {label}
        </label>
        <SearchOutlined className="search-box__icon" aria-hidden="true" />
        <input
          key={defaultValue}
          id={id}
          name="keyword"
          type="search"
          className="search-box__input"
          placeholder={placeholder}
          defaultValue={defaultValue}
          maxLength={50}
          autoComplete="off"
        />
        <button type="submit" className="search-box__button">
          {buttonText}
        </button>
      </form>
    </search>
  );
}
