import { INPUT_CLASS } from './Field.tsx';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { resolvePrediction, suggestPlaces, type MapsLibraries, type Prediction, type ResolvedPlace } from '../core/location/maps.ts';

export interface PlaceSearchProps {
  libraries: MapsLibraries;
  label: ReactNode;
  placeholder?: string;
  onPick: (place: ResolvedPlace) => void;
  /** Accessible name of the suggestion list. */
  listLabel: string;
}


/** A place search box with Google place suggestions (an ARIA 1.2 combobox). */
export function PlaceSearch({ libraries, label, placeholder, onPick, listLabel }: PlaceSearchProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<Prediction[]>([]);
  const [active, setActive] = useState(-1);
  const latest = useRef(0);

  useEffect(() => {
    const request = ++latest.current;
    const timer = setTimeout(() => {
      void suggestPlaces(text, libraries).then((found) => {
        if (request === latest.current) {
          setSuggestions(found);
          setActive(-1);
        }
      });
    }, 250);
    return () => clearTimeout(timer);
  }, [text, libraries]);

  const pick = async (prediction: Prediction) => {
    setText(prediction.description);
    setSuggestions([]);
    latest.current++;
    const place = await resolvePrediction(prediction, libraries);
    if (place) onPick(place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!suggestions.length) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      void pick(suggestions[active]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setSuggestions([]);
    }
  };

  const open = suggestions.length > 0;
  return (
    <div className="relative flex flex-col gap-1" part="search">
      <label htmlFor={`${id}-input`} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-input`}
        className={INPUT_CLASS}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={open && active >= 0 ? `${id}-option-${active}` : undefined}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={listLabel}
        hidden={!open}
        className="absolute top-full z-10 m-0 mt-1 w-full list-none rounded-sf border border-black/10 bg-white p-1 shadow-lg"
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.place_id}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className={`cursor-pointer rounded-sf px-3 py-2 text-start ${index === active ? 'bg-black/5 outline outline-2 -outline-offset-2 outline-primary' : 'hover:bg-black/5'}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => void pick(suggestion)}
          >
            {suggestion.description}
          </li>
        ))}
      </ul>
    </div>
  );
}
