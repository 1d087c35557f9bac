/**
 * The forms of identifier values (suites/support/value-forms.ts): which values count as one form, so that drawing one
 * value of each form reaches the number-like traps (a leading zero, a decimal part ending in zero).
 */
import { test, expect } from '@playwright/test';
import { formOf, oneOfEachForm, withEachForm } from '../../suites/support/value-forms.ts';

test('a form is the punctuation a value carries, and its number-like traps', () => {
  expect(formOf('KXFED-26JUN-T3.25')).toBe(formOf('KXCPI-26MAY-T2.75'));
  expect(formOf('KXFED-26JUN-T3.00')).not.toBe(formOf('KXFED-26JUN-T3.25'));
  expect(formOf('KXFED-26JUN-T3.50')).toBe(formOf('KXFED-26JUN-T3.00'));
  expect(formOf('0000320193')).not.toBe(formOf('320193'));
  expect(formOf('AB-03')).not.toBe(formOf('AB-13'));
  // A zero inside a decimal part is no leading zero of a digit run.
  expect(formOf('T3.05')).toBe(formOf('T3.25'));
  expect(formOf('EUR/USD')).not.toBe(formOf('EURUSD'));
});

test('with classes, the character classes a value holds count too', () => {
  expect(formOf('520224')).toBe(formOf('ABC'));
  expect(formOf('520224', { classes: true })).not.toBe(formOf('ABC', { classes: true }));
  expect(formOf('KXFED-26JUN-T3.25', { classes: true })).toBe('-.9A');
  expect(formOf('KXFED-26JUN-T3.00', { classes: true })).toBe('-.9A …0');
  expect(formOf('AB-03', { classes: true })).toBe('-9A 0…');
});

test('one item of each form, the first met, in order', () => {
  const picked = oneOfEachForm(['A-1.25', 'B-2.50', 'C-3.75', 'D-4.00', 'E'], (v) => v);
  expect(picked).toEqual(['A-1.25', 'B-2.50', 'E']);
});

test('a scope keeps two venues apart; the first n, then each form they did not show', () => {
  const rows = [
    { venue: 'a', id: '12' },
    { venue: 'b', id: '13' },
    { venue: 'b', id: 'X-1.50' },
    { venue: 'b', id: 'X-1.25' },
  ];
  expect(
    oneOfEachForm(
      rows,
      (r) => r.id,
      (r) => r.venue,
    ),
  ).toEqual([rows[0], rows[1], rows[2], rows[3]]);
  expect(oneOfEachForm(rows, (r) => r.id)).toEqual([rows[0], rows[2], rows[3]]);
  expect(
    withEachForm(
      rows,
      1,
      (r) => r.id,
      (r) => r.venue,
    ),
  ).toEqual([rows[0], rows[1], rows[2], rows[3]]);
  expect(withEachForm(rows, 2, (r) => r.id)).toEqual([rows[0], rows[1], rows[2], rows[3]]);
  expect(withEachForm(rows, 4, (r) => r.id)).toEqual(rows);
});
