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

/* Finding: what the result adds to a verdict: its fingerprint (owned) and its
 * suppression (reason owned). */
typedef struct {
  char *fingerprint;
  RfSuppression sup;
} Finding;

static void
finding_free (gpointer p)
{
  Finding *f = p;
  g_free (f->fingerprint);
  g_free (f->sup.reason);
  g_free (f);
}

/* Allowance: a finding the user accepted (rf_check_result_add_allowance); strings
 * owned; used once it suppressed a finding. */
typedef struct {
  char *what, *reason;
  RfLoc loc;
  gboolean used;
} Allowance;

static void
allowance_free (gpointer p)
{
  Allowance *a = p;
  g_free (a->what);
  g_free (a->reason);
  g_free (a);
}

/* RfCheckResult: what one run found. Invariant: verdicts is empty for a coverability
 * check, cover NULL for a race check; targets is set only with a net input;
 * race_findings[i] belongs to verdicts[i] and deadlock_findings[i] to deadlocks[i];
 * fingerprint_counts counts the findings added per fingerprint hash. */
struct _RfCheckResult {
  GStrv inputs;          /* owned, NULL-terminated */
  RfDiags *diags;        /* owned */
  RfProgram *prog;       /* owned, or NULL */
  RfNet *net;            /* owned, or NULL */
  RfRaceQuick *quick;    /* owned, or NULL; made for net (NULL while net is) */
  gboolean no_quick;     /* the quick arguments are off */
  gboolean whole_net;    /* race searches run on the whole net, not a focused one */
  GPtrArray *targets;    /* RfMarking*, owned, or NULL */
  GPtrArray *verdicts;   /* RfRaceVerdict*, owned, in var id order */
  RfCoverResult *cover;  /* owned, or NULL */
  RfChecks checks;       /* what the run checks (RF_CHECK_RACES unless set) */
  GPtrArray *deadlocks;  /* RfDeadlockVerdict*, owned, in query order */
  guint deadlock_unchecked;  /* 1: lock-order cycles left unchecked (rf_deadlock_queries) */
  guint wakeups_searched;    /* lost wake-up questions searched, shown or not */
  GHashTable *sources;   /* interned file name -> Source*, owned: files no front end read */
  GPtrArray *race_findings;      /* Finding*, owned */
  GPtrArray *deadlock_findings;  /* Finding*, owned */
  GHashTable *fingerprint_counts;  /* hash (owned) -> count */
  GPtrArray *allowances;   /* Allowance*, owned, in the order added */
  GHashTable *baseline;    /* fingerprint (owned) set, or NULL */
  char *baseline_file;     /* owned, or NULL */
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
  res->race_findings = g_ptr_array_new_with_free_func (finding_free);
  res->deadlock_findings = g_ptr_array_new_with_free_func (finding_free);
  res->fingerprint_counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  res->allowances = g_ptr_array_new_with_free_func (allowance_free);
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
  rf_race_quick_free (res->quick);
  rf_net_free (res->net);
  rf_program_free (res->prog);
  rf_diags_free (res->diags);
  g_hash_table_unref (res->sources);
  g_ptr_array_unref (res->race_findings);
  g_ptr_array_unref (res->deadlock_findings);
  g_hash_table_unref (res->fingerprint_counts);
  g_ptr_array_unref (res->allowances);
  g_clear_pointer (&res->baseline, g_hash_table_unref);
  g_free (res->baseline_file);
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

const char *
rf_check_result_lookup_line (const RfCheckResult *res, const char *file, guint line, gsize *len)
{
  /* a front end's source: the diagnostics' line index */
  const char *text = rf_diags_get_source_line (res->diags, file, line, len);
  if (text || rf_diags_get_source (res->diags, file))
    return text;
  /* a file the driver read (a header, mostly): looked for from its start */
  gsize n = 0;
  text = rf_check_result_lookup_source (res, file, &n, NULL);
  if (!text || line == 0)
    return NULL;
  const char *p = text, *end = text + n;
  for (guint l = 1; l < line && p; l++)
    p = memchr (p, '\n', (gsize) (end - p)), p = p ? p + 1 : NULL;
  if (!p || p >= end)
    return NULL;
  const char *eol = memchr (p, '\n', (gsize) (end - p));
  *len = (gsize) ((eol ? eol : end) - p);
  if (*len > 0 && p[*len - 1] == '\r')
    (*len)--;
  return p;
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
  g_clear_pointer (&res->quick, rf_race_quick_free);
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

const RfRaceQuick *
rf_check_result_get_quick (RfCheckResult *res)
{
  if (!res->quick && res->net && !res->no_quick)
    res->quick = rf_race_quick_new (res->net);
  return res->quick;
}

void
rf_check_result_set_quick (RfCheckResult *res, gboolean on)
{
  res->no_quick = !on;
  if (!on)
    g_clear_pointer (&res->quick, rf_race_quick_free);
}

void
rf_check_result_set_focus (RfCheckResult *res, gboolean on)
{
  res->whole_net = !on;
}

gboolean
rf_check_result_get_focus (const RfCheckResult *res)
{
  return !res->whole_net;
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

/* Appends NAME to KEY without its line numbers: every ':' followed by digits is left
 * out with the digits ("heap@f.c:12" -> "heap@f.c"). */
static void
append_without_lines (GString *key, const char *name)
{
  for (const char *p = name; *p; p++)
    {
      if (*p == ':' && g_ascii_isdigit (p[1]))
        {
          while (g_ascii_isdigit (p[1]))
            p++;
          continue;
        }
      g_string_append_c (key, *p);
    }
}

/* Appends LOC's file base name and the text of its line, each run of white space
 * made one space and the ends trimmed, to KEY (nothing when the text is not known). */
static void
append_line_text (GString *key, const RfCheckResult *res, RfLoc loc)
{
  if (!loc.file || loc.line == 0)
    return;
  g_autofree char *base = g_path_get_basename (loc.file);
  g_string_append_printf (key, "\n%s\n", base);
  gsize len = 0;
  const char *text = rf_check_result_lookup_line (res, loc.file, loc.line, &len);
  if (!text)
    return;
  g_autofree char *collapsed = rf_diag_collapse_space (text, len);
  g_string_append (key, collapsed);
}

/* The finding of a verdict of rule RULE about NAME whose declaration is that of
 * program variable VAR (-1: none), its fingerprint counted. */
static Finding *
finding_new (RfCheckResult *res, const char *rule, const char *name, gint var)
{
  g_autoptr (GString) key = g_string_new (rule);
  g_string_append_c (key, '\n');
  append_without_lines (key, name);
  if (var >= 0)
    append_line_text (key, res, rf_program_get_var (res->prog, (guint) var)->loc);
  g_autofree char *sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key->str, key->len);
  char *hash = g_strndup (sum, 16);
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (res->fingerprint_counts, hash)) + 1;
  Finding *f = g_new0 (Finding, 1);
  f->fingerprint = g_strdup_printf ("%s:%u", hash, n);
  g_hash_table_replace (res->fingerprint_counts, hash, GUINT_TO_POINTER (n));
  return f;
}

/* The finding of ITEM, an element of ITEMS (whose findings are FINDINGS); searched
 * from the end, where a verdict just added is. */
static Finding *
finding_of (GPtrArray *items, GPtrArray *findings, gconstpointer item)
{
  for (guint i = items->len; i-- > 0;)
    if (g_ptr_array_index (items, i) == item)
      return g_ptr_array_index (findings, i);
  g_return_val_if_reached (NULL);
}

const char *
rf_check_result_race_fingerprint (const RfCheckResult *res, const RfRaceVerdict *rv)
{
  return finding_of (res->verdicts, res->race_findings, rv)->fingerprint;
}

const char *
rf_check_result_deadlock_fingerprint (const RfCheckResult *res, const RfDeadlockVerdict *dv)
{
  return finding_of (res->deadlocks, res->deadlock_findings, dv)->fingerprint;
}

const RfSuppression *
rf_check_result_race_suppression (const RfCheckResult *res, const RfRaceVerdict *rv)
{
  return &finding_of (res->verdicts, res->race_findings, rv)->sup;
}

const RfSuppression *
rf_check_result_deadlock_suppression (const RfCheckResult *res, const RfDeadlockVerdict *dv)
{
  return &finding_of (res->deadlocks, res->deadlock_findings, dv)->sup;
}

void
rf_check_result_add_allowance (RfCheckResult *res, const char *what, RfLoc loc, const char *reason)
{
  Allowance *a = g_new0 (Allowance, 1);
  a->what = g_strdup (what);
  a->loc = loc;
  a->reason = g_strdup (reason);
  g_ptr_array_add (res->allowances, a);
}

GPtrArray *
rf_check_result_unused_allowances (const RfCheckResult *res, GArray **locs)
{
  GPtrArray *what = g_ptr_array_new ();
  *locs = g_array_new (FALSE, FALSE, sizeof (RfLoc));
  for (guint i = 0; i < res->allowances->len; i++)
    {
      const Allowance *a = g_ptr_array_index (res->allowances, i);
      if (!a->used)
        {
          g_ptr_array_add (what, a->what);
          g_array_append_val (*locs, a->loc);
        }
    }
  return what;
}

void
rf_check_result_set_baseline (RfCheckResult *res, GHashTable *fingerprints, const char *file)
{
  g_clear_pointer (&res->baseline, g_hash_table_unref);
  g_free (res->baseline_file);
  res->baseline = fingerprints;
  res->baseline_file = g_strdup (file);
}

/* Suppresses F, a finding shown named WHAT (its verdict line's start), by the first
 * allowance naming it, else by the baseline when its fingerprint is there. */
static void
suppress (RfCheckResult *res, Finding *f, const char *what)
{
  for (guint i = 0; i < res->allowances->len; i++)
    {
      Allowance *a = g_ptr_array_index (res->allowances, i);
      if (strcmp (a->what, what) == 0)
        {
          a->used = TRUE;
          f->sup = (RfSuppression) { RF_SUPPRESS_SOURCE, a->loc, g_strdup (a->reason) };
          return;
        }
    }
  if (res->baseline && g_hash_table_contains (res->baseline, f->fingerprint))
    f->sup = (RfSuppression) { RF_SUPPRESS_BASELINE, RF_LOC_NONE, g_strdup (res->baseline_file) };
}

void
rf_check_result_count_findings (const RfCheckResult *res, guint *n_shown, guint *n_suppressed, guint *n_unknown)
{
  *n_shown = *n_suppressed = *n_unknown = 0;
  for (guint i = 0; i < res->verdicts->len; i++)
    {
      const RfRaceVerdict *rv = g_ptr_array_index (res->verdicts, i);
      if (rv->result->verdict == RF_COVER_UNKNOWN)
        (*n_unknown)++;
      else if (rv->result->verdict == RF_COVER_UNSAFE)
        (*(((Finding *) g_ptr_array_index (res->race_findings, i))->sup.kind ? n_suppressed : n_shown))++;
    }
  for (guint i = 0; i < res->deadlocks->len; i++)
    {
      const RfDeadlockVerdict *dv = g_ptr_array_index (res->deadlocks, i);
      if (dv->status == RF_DEADLOCK_UNKNOWN)
        (*n_unknown)++;
      else if (dv->status == RF_DEADLOCK_FOUND)
        (*(((Finding *) g_ptr_array_index (res->deadlock_findings, i))->sup.kind ? n_suppressed : n_shown))++;
    }
  *n_unknown += res->deadlock_unchecked;
}

guint
rf_check_result_count_interrupted (const RfCheckResult *res)
{
  guint n = res->cover && res->cover->interrupted ? 1 : 0;
  for (guint i = 0; i < res->verdicts->len; i++)
    n += ((const RfRaceVerdict *) g_ptr_array_index (res->verdicts, i))->result->interrupted ? 1 : 0;
  for (guint i = 0; i < res->deadlocks->len; i++)
    {
      const RfDeadlockVerdict *dv = g_ptr_array_index (res->deadlocks, i);
      n += dv->result && dv->result->interrupted ? 1 : 0;
    }
  return n;
}

void
rf_check_result_add_verdict (RfCheckResult *res, RfRaceVerdict *rv)
{
  g_return_if_fail (res->cover == NULL);
  g_ptr_array_add (res->verdicts, rv);
  gint var = res->prog && rv->var < rf_program_n_vars (res->prog) ? (gint) rv->var : -1;
  Finding *f = finding_new (res, "race", rv->name, var);
  g_ptr_array_add (res->race_findings, f);
  if (rv->result->verdict == RF_COVER_UNSAFE)
    {
      g_autofree char *what = g_strdup_printf ("race on %s", rv->name);
      suppress (res, f, what);
    }
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
  gint lock = dv->locks && dv->locks->len > 0 && res->prog ? (gint) g_array_index (dv->locks, guint, 0) : -1;
  const RfDeadlockKindInfo *info = rf_deadlock_kind_info (dv->kind);
  Finding *f = finding_new (res, info->id, dv->name, lock);
  g_ptr_array_add (res->deadlock_findings, f);
  if (dv->status == RF_DEADLOCK_FOUND)
    {
      g_autofree char *what = g_strdup_printf ("%s %s", info->question, dv->name);
      suppress (res, f, what);
    }
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
rf_check_result_set_wakeups_searched (RfCheckResult *res, guint n)
{
  res->wakeups_searched = n;
}

guint
rf_check_result_get_wakeups_searched (const RfCheckResult *res)
{
  return res->wakeups_searched;
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
