import { MAX_NODE_HOST_LENGTH, MAX_NODE_NAME_LENGTH } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../../components/ui/submit-button';
import { apiErrorText } from '../../../../lib/api-error-text';
import { useCreateNode } from '../api/nodes';
import { TextField } from '../components/field';
import { OnceValue, ShownOnce } from '../components/shown-once';
import { ConsoleForm } from '../components/console-form';
import { TitledSection } from '../components/titled-section';

/** What starts the node on its own server: the shop's address, the token, and the host customers use. */
export function startCommand(panelUrl: string, token: string, host: string): string {
  return `PANEL_URL=${panelUrl} NODE_TOKEN=${token} GATEWAY_HOST=${host} npm run gateway`;
}

/** The owner adds a node by name and host; its token is shown this once, with the command that uses it. */
export function AddNode() {
  const { t } = useTranslation('console');
  const [name, setName] = useState('');
  const [host, setHost] = useState('');
  const [errors, setErrors] = useState<{ name?: string; host?: string; form?: string }>({});
  const [created, setCreated] = useState<{ name: string; host: string; token: string } | null>(null);
  const create = useCreateNode();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = {
      ...(name.trim() ? {} : { name: t('nodes.add.nameRequired') }),
      ...(host.trim() ? {} : { host: t('nodes.add.hostRequired') }),
    };
    setErrors(problems);
    if (problems.name || problems.host) return;
    create.mutate(
      { name: name.trim(), host: host.trim() },
      {
        onSuccess: (answer) => {
          setCreated({ name: answer.node.name, host: answer.node.host, token: answer.token });
          setName('');
          setHost('');
        },
        onError: (failure) => setErrors({ form: apiErrorText(failure) }),
      },
    );
  }

  const command = created ? startCommand(window.location.origin, created.token, created.host) : '';
  return (
    <TitledSection title={t('nodes.add.title')}>
      <ConsoleForm onSubmit={onSubmit}>
        <TextField
          label={t('nodes.add.name')}
          value={name}
          maxLength={MAX_NODE_NAME_LENGTH}
          onValue={setName}
          error={errors.name ?? null}
          inputClassName="w-48"
        />
        <TextField
          label={t('nodes.add.host')}
          value={host}
          maxLength={MAX_NODE_HOST_LENGTH}
          placeholder="node1.example.net"
          onValue={setHost}
          error={errors.host ?? null}
          inputClassName="w-64"
        />
        <SubmitButton pending={create.isPending}>{t('nodes.add.submit')}</SubmitButton>
      </ConsoleForm>
      <p className="mt-2 text-sm text-slate-600">{t('nodes.add.hostHelp')}</p>
      {errors.form && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {errors.form}
        </p>
      )}
      {created && (
        <ShownOnce
          intro={t('nodes.add.tokenOnce', { name: created.name })}
          testId="node-token"
          value={created.token}
          item={t('copySecret.nodeToken')}
        >
          <p className="mt-3">{t('nodes.add.commandIntro')}</p>
          <OnceValue testId="node-command" value={command} item={t('copySecret.nodeCommand')} className="text-xs" />
          <p className="mt-3">{t('nodes.add.caHint')}</p>
        </ShownOnce>
      )}
    </TitledSection>
  );
}
