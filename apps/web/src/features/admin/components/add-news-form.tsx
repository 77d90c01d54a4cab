import { MAX_NEWS_CONTENT_LENGTH, MAX_NEWS_TITLE_LENGTH } from '@portal/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useAddNews } from '../api/add-news';
import { inputClass } from '../../../components/ui/input-class';
import { Field } from '../console/components/field';

type RequiredField = 'title' | 'content' | 'date';
type Errors = Partial<Record<RequiredField, string>>;
interface Values {
  title: string;
  content: string;
  date: string;
  important: boolean;
}

/** Today in the operator's own time zone, as the date input wants it (YYYY-MM-DD). */
function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Date defaults to today and important to false: most news is today's and ordinary. */
const initialValues = (): Values => ({ title: '', content: '', date: today(), important: false });

function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/** Add news: title, date and content are required (the public list shows all three). */
export function AddNewsForm() {
  const { t } = useTranslation('admin');
  const ids = { title: useId(), content: useId(), date: useId(), important: useId(), hint: useId(), heading: useId() };
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<Errors>({});
  const add = useAddNews({
    mutationConfig: {
      onSuccess: () => {
        toast.success(t('news.added'));
        setValues(initialValues());
        setErrors({});
      },
      onError: () => {
        toast.error(t('news.addFailed'));
      },
    },
  });

  function validate(v: Values): Errors {
    const found: Errors = {};
    const title = v.title.trim();
    const content = v.content.trim();
    if (!title) found.title = t('news.form.titleRequired');
    else if (title.length > MAX_NEWS_TITLE_LENGTH) found.title = t('news.form.tooLong', { max: MAX_NEWS_TITLE_LENGTH });
    if (!v.date) found.date = t('news.form.dateRequired');
    else if (!isDate(v.date)) found.date = t('news.form.dateInvalid');
    if (!content) found.content = t('news.form.contentRequired');
    else if (content.length > MAX_NEWS_CONTENT_LENGTH)
      found.content = t('news.form.tooLong', { max: MAX_NEWS_CONTENT_LENGTH });
    return found;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    // Focus the first field in need, whose message its aria-describedby reads out.
    const first = (['title', 'date', 'content'] as const).find((field) => found[field]);
    if (first) {
      document.getElementById(ids[first])?.focus();
      return;
    }
    add.mutate({
      title: values.title.trim(),
      content: values.content.trim(),
      date: values.date,
      important: values.important,
    });
  }

  function change<K extends keyof Values>(field: K, value: Values[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (field !== 'important' && errors[field as RequiredField]) {
      setErrors((current) => ({ ...current, [field]: undefined }));
    }
  }

  const errorId = (field: RequiredField) => `${ids[field]}-error`;
  const fieldProps = (field: RequiredField) => ({
    id: ids[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? errorId(field) : undefined,
  });
  const fieldError = (field: RequiredField) =>
    errors[field] ? (
      <p id={errorId(field)} className="text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null;
  const fieldClass = inputClass('w-full aria-[invalid=true]:border-red-600');

  return (
    <section aria-labelledby={ids.heading} className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 id={ids.heading} className="text-xl font-semibold text-slate-900">
        {t('news.form.title')}
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
        <Field
          id={ids.title}
          label={t('news.form.titleLabel')}
          error={errors.title}
          type="text"
          value={values.title}
          maxLength={MAX_NEWS_TITLE_LENGTH}
          onChange={(event) => change('title', event.target.value)}
          className={fieldClass}
        />
        <Field
          id={ids.date}
          label={t('news.form.dateLabel')}
          error={errors.date}
          wrapperClassName="sm:max-w-xs"
          type="date"
          value={values.date}
          onChange={(event) => change('date', event.target.value)}
          className={fieldClass}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.content} className="text-sm font-medium text-slate-800">
            {t('news.form.contentLabel')}
          </label>
          <textarea
            {...fieldProps('content')}
            rows={6}
            value={values.content}
            maxLength={MAX_NEWS_CONTENT_LENGTH}
            onChange={(event) => change('content', event.target.value)}
            className={fieldClass}
          />
          {fieldError('content')}
        </div>
        <div className="flex items-start gap-2">
          <input
            id={ids.important}
            type="checkbox"
            checked={values.important}
            onChange={(event) => change('important', event.target.checked)}
            aria-describedby={ids.hint}
            className="mt-1 size-4 accent-brand-700"
          />
          <div>
            <label htmlFor={ids.important} className="text-sm font-medium text-slate-800">
              {t('news.form.importantLabel')}
            </label>
            <p id={ids.hint} className="text-sm text-slate-600">
              {t('news.form.importantHint')}
            </p>
          </div>
        </div>
        <div>
          <SubmitButton pending={add.isPending} pendingLabel={t('news.form.submitting')}>
            {t('news.form.submit')}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
