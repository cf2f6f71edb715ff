/* rf-check-result: the result of one run, filled stage by stage (see rf-check-result.h).
 * The source texts are first those the front ends registered with the diagnostics, so
 * that a file is read once, by the front end, and never again by a report; then those
 * of files no front end read, recorded by the driver. */
#include "rf-check-result.h"

#include <string.h>

/* Source: a file no front end read. Invariant: exactly one of text and error is set. */
typedef struct {
  GString *text;   /* owned, or NULL */
  char *error;     /* owned: why text is NULL */
} Source;

static void
source_free (gpointer p)
{
  Source *src = p;
  if (src->text)
    g_string_free (src->text, TRUE);
  g_free (src->error);
  g_free (src);
}

/* RfCheckResult: what one run found. Invariant: verdicts is empty for a coverability
 * check, cover NULL for a race check; targets is set only with a net input. */
struct _RfCheckResult {
  GStrv inputs;          /* owned, NULL-terminated */
  RfDiags *diags;        /* owned */
  RfProgram *prog;       /* owned, or NULL */
  RfNet *net;            /* owned, or NULL */
  GPtrArray *targets;    /* RfMarking*, owned, or NULL */
  GPtrArray *verdicts;   /* RfRaceVerdict*, owned, in var id order */
  RfCoverResult *cover;  /* owned, or NULL */
  RfChecks checks;       /* what the run checks (RF_CHECK_RACES unless set) */
  GPtrArray *deadlocks;  /* RfDeadlockVerdict*, owned, in query order */
  guint deadlock_unchecked;  /* 1: lock-order cycles left unchecked (rf_deadlock_queries) */
  GHashTable *sources;   /* interned file name -> Source*, owned: files no front end read */
};

RfCheckResult *
rf_check_result_new (const char *const *inputs)
{
  RfCheckResult *res = g_new0 (RfCheckResult, 1);
  res->inputs = inputs ? g_strdupv ((char **) inputs) : g_new0 (char *, 1);
  res->diags = rf_diags_new ();
  res->verdicts = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_race_verdict_free);
  res->checks = RF_CHECK_RACES;
  res->deadlocks = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_deadlock_verdict_free);
  res->sources = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, source_free);
  return res;
}

void
rf_check_result_free (RfCheckResult *res)
{
  if (!res)
    return;
  /* verdicts and the cover result refer to the net, the net's places to nothing else */
  g_ptr_array_unref (res->verdicts);
  g_ptr_array_unref (res->deadlocks);
  rf_cover_result_free (res->cover);
  g_clear_pointer (&res->targets, g_ptr_array_unref);
  rf_net_free (res->net);
  rf_program_free (res->prog);
  rf_diags_free (res->diags);
  g_hash_table_unref (res->sources);
  g_strfreev (res->inputs);
  g_free (res);
}

const char *const *
rf_check_result_get_inputs (const RfCheckResult *res)
{
  return (const char *const *) res->inputs;
}

RfDiags *
rf_check_result_get_diags (const RfCheckResult *res)
{
  return res->diags;
}

void
rf_check_result_add_source (RfCheckResult *res, const char *file, const char *text, gsize len, const char *error)
{
  g_return_if_fail (file != NULL);
  if (rf_diags_get_source (res->diags, file))
    return;
  Source *src = g_new0 (Source, 1);
  if (text)
    src->text = g_string_new_len (text, len);
  else
    src->error = g_strdup (error ? error : "not read");
  g_hash_table_replace (res->sources, (gpointer) g_intern_string (file), src);
}

const char *
rf_check_result_lookup_source (const RfCheckResult *res, const char *file, gsize *len, const char **error)
{
  if (error)
    *error = NULL;
  const char *text = rf_diags_get_source (res->diags, file);
  if (text)
    {
      if (len)
        *len = strlen (text);
      return text;
    }
  const Source *src = file ? g_hash_table_lookup (res->sources, g_intern_string (file)) : NULL;
  if (src && src->text)
    {
      if (len)
        *len = src->text->len;
      return src->text->str;
    }
  if (error && src)
    *error = src->error;
  if (len)
    *len = 0;
  return NULL;
}

void
rf_check_result_take_program (RfCheckResult *res, RfProgram *prog)
{
  g_return_if_fail (res->prog == NULL);
  res->prog = prog;
}

const RfProgram *
rf_check_result_get_program (const RfCheckResult *res)
{
  return res->prog;
}

void
rf_check_result_forget_value (RfCheckResult *res, guint var)
{
  g_return_if_fail (res->prog != NULL && rf_check_result_get_verdicts (res)->len == 0);
  rf_program_forget_value (res->prog, var);
  g_clear_pointer (&res->net, rf_net_free);
}

void
rf_check_result_take_net (RfCheckResult *res, RfNet *net)
{
  g_return_if_fail (res->net == NULL);
  res->net = net;
}

const RfNet *
rf_check_result_get_net (const RfCheckResult *res)
{
  return res->net;
}

void
rf_check_result_take_targets (RfCheckResult *res, GPtrArray *targets)
{
  g_return_if_fail (res->targets == NULL);
  res->targets = targets;
}

GPtrArray *
rf_check_result_get_targets (const RfCheckResult *res)
{
  return res->targets;
}

void
rf_check_result_add_verdict (RfCheckResult *res, RfRaceVerdict *rv)
{
  g_return_if_fail (res->cover == NULL);
  g_ptr_array_add (res->verdicts, rv);
}

GPtrArray *
rf_check_result_get_verdicts (const RfCheckResult *res)
{
  return res->verdicts;
}

void
rf_check_result_count (const RfCheckResult *res, guint *n_race, guint *n_free, guint *n_unknown)
{
  rf_race_count (res->verdicts, n_race, n_free, n_unknown);
}

void
rf_check_result_take_cover (RfCheckResult *res, RfCoverResult *cover)
{
  g_return_if_fail (res->cover == NULL && res->verdicts->len == 0);
  res->cover = cover;
}

const RfCoverResult *
rf_check_result_get_cover (const RfCheckResult *res)
{
  return res->cover;
}

void
rf_check_result_set_checks (RfCheckResult *res, RfChecks checks)
{
  res->checks = checks;
}

RfChecks
rf_check_result_get_checks (const RfCheckResult *res)
{
  return res->checks;
}

void
rf_check_result_add_deadlock (RfCheckResult *res, RfDeadlockVerdict *dv)
{
  g_ptr_array_add (res->deadlocks, dv);
}

GPtrArray *
rf_check_result_get_deadlocks (const RfCheckResult *res)
{
  return res->deadlocks;
}

void
rf_check_result_set_deadlock_unchecked (RfCheckResult *res, guint n)
{
  res->deadlock_unchecked = n;
}

guint
rf_check_result_get_deadlock_unchecked (const RfCheckResult *res)
{
  return res->deadlock_unchecked;
}

void
rf_check_result_count_deadlocks (const RfCheckResult *res, RfDeadlockKind kind, guint *n_found, guint *n_free,
                                 guint *n_unknown)
{
  *n_found = *n_free = *n_unknown = 0;
  for (guint i = 0; i < res->deadlocks->len; i++)
    {
      const RfDeadlockVerdict *dv = g_ptr_array_index (res->deadlocks, i);
      if (dv->kind != kind)
        continue;
      switch (dv->status)
        {
        case RF_DEADLOCK_FOUND: (*n_found)++; break;
        case RF_DEADLOCK_FREE: (*n_free)++; break;
        case RF_DEADLOCK_UNKNOWN: (*n_unknown)++; break;
        }
    }
  if (kind == RF_DEADLOCK_CYCLE)
    *n_unknown += res->deadlock_unchecked;
}
