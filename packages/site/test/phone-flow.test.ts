/**
 * The phone confirmation flow's controller (client/lib/phone-flow.ts) against a fake server:
 * each answer of the spec leads to its step, and each failure to its message.
 */
import { messages } from '@partera/contract';
import { describe, expect, it } from 'vitest';
import { PhoneFlow, type PhoneFlowApi } from '../src/client/lib/phone-flow.js';

type Answer = Awaited<ReturnType<PhoneFlowApi['get']>>;

/** Answers each path with the next of its queued answers, and records the calls. */
function fakeApi(answers: Record<string, Array<Answer | 'network'>>) {
  const calls: Array<[string, Record<string, string> | null]> = [];
  const next = (url: string) => {
    const answer = answers[url]?.shift();
    if (answer === undefined) throw new Error(`unexpected call ${url}`);
    return answer === 'network' ? Promise.reject(new Error('offline')) : Promise.resolve(answer);
  };
  const api: PhoneFlowApi = {
    post: (url, form) => {
      calls.push([url, form]);
      return next(url);
    },
    get: (url) => {
      calls.push([url, null]);
      return next(url);
    },
  };
  return { api, calls };
}

describe('PhoneFlow', () => {
  it('adds a number: checks it, sends the PIN, checks the PIN', async () => {
    const { api, calls } = fakeApi({
      '/phone/validate/': [{ status: 'success', number: '79161234567', country: 'RU' }],
      '/phone/codesend/': [{ status: 'success', message: 'Мы отправили SMS' }],
      '/phone/codecheck/': [
        { status: 'error', message: 'Неверный код' },
        { status: 'success', message: 'ok' },
      ],
    });
    const flow = new PhoneFlow(api, 'add');
    const seen: string[] = [];
    flow.subscribe((s) => seen.push(s.step));
    await flow.submitNumber('+7(916) 123-45-67');
    expect(flow.state).toMatchObject({ step: 'code', number: '79161234567', note: 'Мы отправили SMS' });
    await flow.submitCode('12');
    expect(flow.state).toMatchObject({ step: 'code', error: messages.pinFormat });
    await flow.submitCode('1111');
    expect(flow.state).toMatchObject({ step: 'code', error: 'Неверный код', busy: false });
    await flow.submitCode(' 1234 ');
    expect(flow.state).toEqual({ step: 'done', message: 'ok' });
    expect(calls).toEqual([
      ['/phone/validate/', { number: '+7(916) 123-45-67', country: 'RU' }],
      ['/phone/codesend/', { number: '79161234567', country: 'RU', similarCheck: '1' }],
      ['/phone/codecheck/', { number: '79161234567', country: 'RU', code: '1111' }],
      ['/phone/codecheck/', { number: '79161234567', country: 'RU', code: '1234' }],
    ]);
    expect(seen[0]).toBe('number');
    expect(seen.at(-1)).toBe('done');
  });

  it('changes a number with similarCheck 0, and shows the server’s refusal of a number', async () => {
    const { api, calls } = fakeApi({
      '/phone/validate/': [{ status: 'error', message: 'Этот номер подтверждён в другом аккаунте' }, 'network'],
    });
    const flow = new PhoneFlow(api, 'change');
    await flow.submitNumber('');
    expect(flow.state).toMatchObject({ step: 'number', error: messages.phoneEmpty });
    await flow.submitNumber('9161234567');
    expect(flow.state).toMatchObject({ step: 'number', error: 'Этот номер подтверждён в другом аккаунте' });
    await flow.submitNumber('9161234567');
    expect(flow.state).toMatchObject({ step: 'number', error: messages.phoneValidationErrorShort, busy: false });
    expect(calls).toHaveLength(2);
  });

  it('the purchase’s check: 212 asks for a number, 217 goes to the PIN of the account’s number', async () => {
    const none = fakeApi({ '/phone/pinsend/': [{ status: 'error', errCode: 212, message: 'Добавьте номер' }] });
    const noPhone = new PhoneFlow(none.api);
    await noPhone.startWithAccountPhone();
    expect(noPhone.state).toMatchObject({ step: 'number', error: null });

    const { api, calls } = fakeApi({
      '/phone/pinsend/': [{ status: 'error', code: 217, message: 'Код уже отправлен', number: '79161234567' }],
      '/phone/codecheck/': [{ status: 'success' }],
    });
    const flow = new PhoneFlow(api);
    await flow.startWithAccountPhone();
    expect(flow.state).toMatchObject({ step: 'code', number: '79161234567', country: null });
    await flow.submitCode('4321');
    expect(flow.state).toEqual({ step: 'done', message: messages.phoneConfirmed });
    expect(calls.at(-1)).toEqual(['/phone/codecheck/', { 'form[phone]': '79161234567', 'form[code]': '4321' }]);
  });

  it('goes on to the PIN when a code sent a moment ago still works (217)', async () => {
    const { api } = fakeApi({
      '/phone/validate/': [{ status: 'success', number: '79161234567', country: 'RU' }],
      '/phone/codesend/': [{ status: 'error', code: 217, message: 'Код уже отправлен' }],
    });
    const flow = new PhoneFlow(api);
    await flow.submitNumber('9161234567');
    expect(flow.state).toMatchObject({ step: 'code', note: 'Код уже отправлен', error: null });
  });

  it('says what failed when the server cannot be reached', async () => {
    const { api } = fakeApi({ '/phone/pinsend/': ['network'] });
    const flow = new PhoneFlow(api);
    await flow.startWithAccountPhone();
    expect(flow.state).toMatchObject({ step: 'number', error: messages.pinSendError, busy: false });
  });
});
