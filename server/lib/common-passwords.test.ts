import { describe, expect, it } from 'vitest';
import { isGuessablePassword } from './common-passwords';

describe('isGuessablePassword', () => {
  it('refuses the common passwords, whatever their case', async () => {
    for (const password of ['password', 'QWERTY', 'iloveyou', 'PassWord1', 'sunshine']) {
      expect(await isGuessablePassword(password), password).toBe(true);
    }
  });

  it('refuses a common word dressed up with a capital, a year, digits or symbols', async () => {
    const family = [
      ...['Password1!', 'Summer2024!', 'Qwerty123!'],
      ...['Winter2025!', 'Autumn2023?', 'Spring24!!', 'Fall2024!'], // season + year
      ...['Welcome1!', 'Welcome123', 'Passw0rd!', 'P@ssw0rd1', 'P@$$w0rd!', 'L3tm31n!'], // the classics
      ...['Asdfgh12!', 'Zxcvbnm1!', 'Qwertyuiop1', '1qaz2wsx!', 'Qazwsx123!', 'Asdfjkl;1'], // keyboard walks
      ...['January2024!', 'Dec2024!', 'October25', '2024March!'], // month and year
      ...['Michael123!', 'Jessica123!', 'Ashley1!', 'Daniel2000'], // a name + digits
      ...['Hearth123!', '!Dragon12', 'Monkey!!!1'],
    ];
    for (const password of family) expect(await isGuessablePassword(password), password).toBe(true);
  });

  it('lets through passwords that are not one guessable word in disguise', async () => {
    const fine = [
      'correct horse battery',
      'a rarer new secret',
      'Summer in Lisbon 1987',
      'Password manager picked this',
      'tK9#vQ2!mW',
      'Dragon72519384',
      'qwe-pantry-ochre',
    ];
    for (const password of fine) expect(await isGuessablePassword(password), password).toBe(false);
  });
});
