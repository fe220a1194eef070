import { describe, expect, it } from 'vitest';
import { emailsFromRoster } from './roster-file.ts';

describe('emailsFromRoster', () => {
  it('takes the e-mail cells of a CSV export, whatever its columns, headers and quoting', () => {
    const csv = [
      '\uFEFFStudent ID,"Surname, first name",Email,Year',
      '1001,"Lopez, Ana",ana@example.com,3',
      '1002,"Okafor, Ben","ben.okafor@uni.example.ac.uk",3',
      '1003,"No address, Cy",,3',
    ].join('\r\n');
    expect(emailsFromRoster(csv)).toEqual(['ana@example.com', 'ben.okafor@uni.example.ac.uk']);
  });

  it('reads semicolon and tab separated files and a plain list, each address once', () => {
    expect(emailsFromRoster('name;mail\nAna;ana@example.com\nAna again;ANA@example.com')).toEqual([
      'ana@example.com',
    ]);
    expect(emailsFromRoster('Ben\tben@example.com\nCy\t<cy@example.com>')).toEqual([
      'ben@example.com',
      'cy@example.com',
    ]);
    expect(emailsFromRoster('dee@example.com\n\neve@example.com\n')).toEqual([
      'dee@example.com',
      'eve@example.com',
    ]);
  });

  it('finds nothing in a file without addresses', () => {
    expect(emailsFromRoster('name,year\nAna,3\nnot-an-address@,4')).toEqual([]);
    expect(emailsFromRoster('')).toEqual([]);
  });
});
