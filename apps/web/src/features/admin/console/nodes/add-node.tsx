import { MAX_NODE_HOST_LENGTH, MAX_NODE_NAME_LENGTH, NodeCreateRequestSchema } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../../components/ui/submit-button';
import { apiErrorText } from '../../../../lib/api-error-text';
import { useCreateNode } from '../api/nodes';
import { TextField } from '../components/field';
import { OnceValue, ShownOnce } from '../components/shown-once';
import { ConsoleForm } from '../components/console-form';
import { TitledSection } from '../components/titled-section';
import { useFormFields } from '../components/use-form-fields';

/** What starts the node on its own server: the shop's address, the token, and the host customers use. */
export function startCommand(panelUrl: string, token: string, host: string): string {
  return `PANEL_URL=${panelUrl} NODE_TOKEN=${token} GATEWAY_HOST=${host} npm run gateway`;
}

/**
 * Which of the two fields the server would refuse, checked against the contract's own schema so
 * the console's rule cannot drift from the server's; every field is checked, not only the first.
 */
function fieldProblems(name: string, host: string) {
  const { name: nameSchema, host: hostSchema } = NodeCreateRequestSchema.shape;
  return {
    name: !name.trim() ? 'required' : nameSchema.safeParse(name).success ? null : 'invalid',
    host: !host.trim() ? 'required' : hostSchema.safeParse(host).success ? null : 'invalid',
  } as const;
}

/** The owner adds a node by name and host; its token is shown this once, with the command that uses it. */
export function AddNode() {
  const { t } = useTranslation('console');
  const { texts, setErrors, reset, field } = useFormFields({ name: '', host: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedNode | null>(null);
  const create = useCreateNode();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { name, host } = texts;
    const found = fieldProblems(name, host);
    const problems = {
      ...(found.name === 'required' && { name: t('nodes.add.nameRequired') }),
      ...(found.name === 'invalid' && { name: t('nodes.add.nameInvalid') }),
      ...(found.host === 'required' && { host: t('nodes.add.hostRequired') }),
      ...(found.host === 'invalid' && { host: t('nodes.add.hostInvalid') }),
    };
    setErrors(problems);
    setFailure(null);
    if (problems.name || problems.host) return;
    create.mutate(
      { name: name.trim(), host: host.trim() },
      {
        onSuccess: (answer) => {
          setCreated({ name: answer.node.name, host: answer.node.host, token: answer.token });
          reset();
        },
        onError: (error) => setFailure(apiErrorText(error)),
      },
    );
  }

  return (
    <TitledSection title={t('nodes.add.title')}>
      {/* Tops aligned: the name's hint and either field's error lengthen one field, not both. */}
      <ConsoleForm onSubmit={onSubmit} className="mt-3 flex flex-wrap items-start gap-3">
        <TextField
          label={t('nodes.add.name')}
          maxLength={MAX_NODE_NAME_LENGTH}
          hint={t('nodes.add.nameHelp')}
          inputClassName="w-56"
          wrapperClassName="w-56"
          {...field('name')}
        />
        <TextField
          label={t('nodes.add.host')}
          maxLength={MAX_NODE_HOST_LENGTH}
          placeholder="node1.example.net"
          inputClassName="w-64"
          {...field('host')}
        />
        {/* Level with the inputs: below the labels' line (text-sm, 20 px) and their 4 px gap. */}
        <div className="pt-6">
          <SubmitButton pending={create.isPending}>{t('nodes.add.submit')}</SubmitButton>
        </div>
      </ConsoleForm>
      <p className="mt-2 text-sm text-slate-600">{t('nodes.add.hostHelp')}</p>
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {failure}
        </p>
      )}
      {created && <NewNodeToken node={created} />}
    </TitledSection>
  );
}

interface CreatedNode {
  name: string;
  host: string;
  token: string;
}

/** The new node's token, shown this once, and the command that starts the node with it. */
function NewNodeToken({ node }: { node: CreatedNode }) {
  const { t } = useTranslation('console');
  const command = startCommand(window.location.origin, node.token, node.host);
  return (
    <ShownOnce
      intro={t('nodes.add.tokenOnce', { name: node.name })}
      testId="node-token"
      value={node.token}
      item={t('copySecret.nodeToken')}
    >
      <p className="mt-3">{t('nodes.add.commandIntro')}</p>
      <OnceValue testId="node-command" value={command} item={t('copySecret.nodeCommand')} className="text-xs" />
      <p className="mt-3">{t('nodes.add.caHint')}</p>
    </ShownOnce>
  );
}
