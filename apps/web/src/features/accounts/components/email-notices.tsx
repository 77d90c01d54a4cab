import { NOTICE_TOPICS, type Language, type NoticeSettings, type NoticeTopic } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ChangeButton } from '../../../components/ui/change-button';
import { SubmitButton } from '../../../components/ui/submit-button';
import { inputClass } from '../../../components/ui/input-class';
import { LabelledInput } from '../../../components/ui/labelled-input';
import { serverErrorText } from '../../../lib/api-error-text';
import { useRemoveEmail, useSetEmail, useSetEmailTopics } from '../api/notices';

/** E-mail notices: an address used once confirmed, the topics it gets, its removal. */
export function EmailNotices({ email }: { email: NoticeSettings['email'] }) {
  const { t, i18n } = useTranslation('account');
  const [address, setAddress] = useState('');
  const setEmail = useSetEmail();
  const setTopics = useSetEmailTopics();
  const remove = useRemoveEmail();
  const failedText = (error: unknown) => serverErrorText(error) ?? t('notices.failed');
  const failed = (error: unknown) => toast.error(failedText(error));
  const send = (to: string) =>
    setEmail.mutate(
      { email: to, language: i18n.language as Language },
      {
        onSuccess: () => {
          setAddress('');
          toast.success(t('notices.email.sent', { address: to }));
        },
        onError: failed,
      },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (address.trim()) send(address.trim());
  };
  const toggle = (topic: NoticeTopic, on: boolean) => {
    const topics = on ? [...email.topics, topic] : email.topics.filter((chosen) => chosen !== topic);
    setTopics.mutate(topics, { onError: failed });
  };

  if (!email.available) return <p className="mt-2 text-sm text-slate-600">{t('notices.email.unavailable')}</p>;
  return (
    <div className="mt-2 flex flex-col gap-3">
      {email.address &&
        (email.confirmed ? (
          <p className="text-sm text-slate-700">{t('notices.email.active', { address: email.address })}</p>
        ) : (
          <p className="text-sm text-slate-700">{t('notices.email.pending', { address: email.address })}</p>
        ))}
      {email.address && email.confirmed && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('notices.email.topicsLegend')}</legend>
          {NOTICE_TOPICS.map((topic) => (
            <label key={topic} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={email.topics.includes(topic)}
                disabled={setTopics.isPending}
                onChange={(event) => toggle(topic, event.target.checked)}
              />
              {t(`notices.email.topics.${topic}`)}
            </label>
          ))}
        </fieldset>
      )}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <LabelledInput
          label={email.address ? t('notices.email.change') : t('notices.email.label')}
          labelClassName="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium text-slate-700"
          type="email"
          required
          autoComplete="email"
          className={inputClass('min-w-0')}
          value={address}
          onValue={setAddress}
        />
        <SubmitButton variant="secondary" pending={setEmail.isPending}>
          {t('notices.email.send')}
        </SubmitButton>
      </form>
      {email.address && (
        <div className="flex flex-wrap gap-2">
          {!email.confirmed && (
            <Button variant="ghost" disabled={setEmail.isPending} onClick={() => send(email.address ?? '')}>
              {t('notices.email.resend')}
            </Button>
          )}
          <ChangeButton
            variant="ghost"
            change={remove}
            variables={undefined}
            done={() => t('notices.email.removed')}
            failed={failedText}
          >
            {t('notices.email.remove')}
          </ChangeButton>
        </div>
      )}
    </div>
  );
}
