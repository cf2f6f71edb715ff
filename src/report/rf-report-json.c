/* rf-report-json: the JSON reports of a race check and of a coverability check.
 *
 * The schema is docs/report.schema.json (see docs/reports.md). JSON is written by
 * hand with a small pretty-printing writer (two-space indent, one member per line,
 * short [name, count] pairs inline), so output is byte-identical across runs: lists
 * follow variable, step and thread ids, and the time is the only value that varies
 * (RfReportOptions.no_time writes it as null). */
#include "rf-report-private.h"

#include <math.h>
#include <string.h>

/* ---- writer ---- */

void
rf_json_append_escaped (GString *out, const char *s)
{
  g_autofree char *valid = g_utf8_make_valid (s, -1);
  g_string_append_c (out, '"');
  for (const char *p = valid; *p; p++)
    {
      guchar c = (guchar) *p;
      switch (c)
        {
        case '"': g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\b': g_string_append (out, "\\b"); break;
        case '\f': g_string_append (out, "\\f"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        default:
          if (c < 0x20 || c == 0x7f)
            g_string_append_printf (out, "\\u%04x", c);
          else
            g_string_append_c (out, (char) c);  /* ASCII, or a byte of a UTF-8 sequence */
        }
    }
  g_string_append_c (out, '"');
}

void
rf_json_init (RfJson *j, GString *out)
{
  memset (j, 0, sizeof *j);
  j->out = out;
}

static void
newline (RfJson *j, guint depth)
{
  g_string_append_c (j->out, '\n');
  for (guint i = 0; i < depth; i++)
    g_string_append (j->out, "  ");
}

/* Separator and indentation before a value or a key at the current depth. */
static void
before_value (RfJson *j)
{
  if (j->after_key)
    {
      j->after_key = FALSE;
      return;
    }
  if (j->depth == 0)
    return;
  gboolean first = j->first[j->depth];
  j->first[j->depth] = FALSE;
  if (j->inline_depth && j->depth >= j->inline_depth)
    {
      if (!first)
        g_string_append (j->out, ", ");
      return;
    }
  if (!first)
    g_string_append_c (j->out, ',');
  newline (j, j->depth);
}

static void
begin (RfJson *j, char open, gboolean inl)
{
  before_value (j);
  g_string_append_c (j->out, open);
  g_assert (j->depth + 1 < RF_JSON_MAX_DEPTH);
  j->depth++;
  j->first[j->depth] = TRUE;
  if (inl && !j->inline_depth)
    j->inline_depth = j->depth;
}

static void
end (RfJson *j, char close)
{
  g_assert (j->depth > 0 && !j->after_key);
  gboolean inl = j->inline_depth && j->depth >= j->inline_depth;
  if (!inl && !j->first[j->depth])
    newline (j, j->depth - 1);
  g_string_append_c (j->out, close);
  if (j->inline_depth == j->depth)
    j->inline_depth = 0;
  j->depth--;
}

void rf_json_begin_object (RfJson *j) { begin (j, '{', FALSE); }
void rf_json_begin_array (RfJson *j) { begin (j, '[', FALSE); }
void rf_json_begin_array_inline (RfJson *j) { begin (j, '[', TRUE); }
void rf_json_end_object (RfJson *j) { end (j, '}'); }
void rf_json_end_array (RfJson *j) { end (j, ']'); }

void
rf_json_key (RfJson *j, const char *key)
{
  g_assert (!j->after_key);
  before_value (j);
  rf_json_append_escaped (j->out, key);
  g_string_append (j->out, ": ");
  j->after_key = TRUE;
}

void
rf_json_string (RfJson *j, const char *s)
{
  before_value (j);
  if (s)
    rf_json_append_escaped (j->out, s);
  else
    g_string_append (j->out, "null");
}

void
rf_json_uint (RfJson *j, guint64 v)
{
  before_value (j);
  g_string_append_printf (j->out, "%" G_GUINT64_FORMAT, v);
}

void
rf_json_int (RfJson *j, gint64 v)
{
  before_value (j);
  g_string_append_printf (j->out, "%" G_GINT64_FORMAT, v);
}

void
rf_json_double (RfJson *j, gdouble v)
{
  if (!isfinite (v))
    {
      rf_json_null (j);
      return;
    }
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  before_value (j);
  g_string_append (j->out, g_ascii_formatd (buf, sizeof buf, "%.6f", v));
}

void
rf_json_bool (RfJson *j, gboolean v)
{
  before_value (j);
  g_string_append (j->out, v ? "true" : "false");
}

void
rf_json_null (RfJson *j)
{
  before_value (j);
  g_string_append (j->out, "null");
}

void
rf_json_finish (RfJson *j)
{
  g_assert (j->depth == 0 && !j->after_key);
  g_string_append_c (j->out, '\n');
}

void
rf_json_member_string (RfJson *j, const char *key, const char *s)
{
  rf_json_key (j, key);
  rf_json_string (j, s);
}

void
rf_json_member_uint (RfJson *j, const char *key, guint64 v)
{
  rf_json_key (j, key);
  rf_json_uint (j, v);
}


/* The value variables of the program, when it has any (c-model.md, Value variables):
 * name, values, initial value, the data location it follows (null: none) and whether
 * it was forgotten (its own accesses may race). */
static void
write_value_variables (RfJson *j, const RfProgram *prog)
{
  gboolean any = FALSE;
  for (guint v = 0; prog && v < rf_program_n_vars (prog) && !any; v++)
    any = rf_program_get_var (prog, v)->kind == RF_VAR_VALUE;
  if (!any)
    return;
  rf_json_key (j, "value_variables");
  rf_json_begin_array (j);
  for (guint v = 0; v < rf_program_n_vars (prog); v++)
    {
      const RfVar *var = rf_program_get_var (prog, v);
      if (var->kind != RF_VAR_VALUE)
        continue;
      rf_json_begin_object (j);
      rf_json_member_string (j, "name", var->name);
      rf_json_key (j, "values");
      rf_json_begin_array_inline (j);
      for (guint k = 0; k < var->n_values; k++)
        rf_json_int (j, var->values[k]);
      rf_json_end_array (j);
      rf_json_key (j, "initial");
      rf_json_int (j, var->values[var->init]);
      rf_json_key (j, "follows");
      rf_json_string (j, var->guard >= 0 ? rf_program_get_var (prog, var->guard)->name : NULL);
      rf_json_key (j, "forgotten");
      rf_json_bool (j, var->forgotten);
      rf_json_end_object (j);
    }
  rf_json_end_array (j);
}

void
rf_json_loc_members (RfJson *j, RfLoc loc)
{
  gboolean known = loc.file && loc.line > 0;
  rf_json_member_string (j, "file", loc.file);
  rf_json_key (j, "line");
  if (known)
    rf_json_uint (j, loc.line);
  else
    rf_json_null (j);
  rf_json_key (j, "column");
  if (known && loc.col > 0)
    rf_json_uint (j, loc.col);
  else
    rf_json_null (j);
}

/* ---- shared parts ---- */

static void
write_tool_and_inputs (RfJson *j, const RfCheckResult *res)
{
  rf_json_key (j, "tool");
  rf_json_begin_object (j);
  rf_json_member_string (j, "name", "racefree");
  rf_json_member_string (j, "version", RF_VERSION);
  rf_json_end_object (j);
  rf_json_key (j, "inputs");
  rf_json_begin_array (j);
  for (const char *const *f = rf_check_result_get_inputs (res); *f; f++)
    rf_json_string (j, *f);
  rf_json_end_array (j);
}

/* "proof": the arguments of a race-free verdict by name (rf_race_proof_kind_name),
 * "argument": a quick argument in words (null after a search); both null otherwise. */
static void
write_proof (RfJson *j, const RfRaceVerdict *rv)
{
  rf_json_key (j, "proof");
  if (!rv->proof)
    rf_json_null (j);
  else
    {
      rf_json_begin_array_inline (j);
      for (guint k = 0; k < RF_RACE_PROOF_KINDS; k++)
        if (rv->proof & (1u << k))
          rf_json_string (j, rf_race_proof_kind_name (1u << k));
      rf_json_end_array (j);
    }
  rf_json_key (j, "argument");
  if (rv->argument)
    rf_json_string (j, rv->argument);
  else
    rf_json_null (j);
}

/* "searched_net": the net RV's search ran on (NET, the whole net, or the focused one),
 * or null when RV had no search. */
static void
write_searched_net (RfJson *j, const RfNet *net, const RfRaceVerdict *rv)
{
  rf_json_key (j, "searched_net");
  if (!rv->searched || !net)
    {
      rf_json_null (j);
      return;
    }
  gboolean focused = rv->focus_places > 0;
  rf_json_begin_object (j);
  rf_json_key (j, "focused");
  rf_json_bool (j, focused);
  rf_json_member_uint (j, "places", focused ? rv->focus_places : rf_net_n_places (net));
  rf_json_member_uint (j, "transitions", focused ? rv->focus_transitions : rf_net_n_transitions (net));
  rf_json_end_object (j);
}

static void
write_statistics (RfJson *j, const RfCoverStats *st, const RfReportOptions *opts)
{
  rf_json_key (j, "statistics");
  rf_json_begin_object (j);
  rf_json_member_uint (j, "conf", st->conf);
  rf_json_member_uint (j, "subsumed", st->subsumed);
  rf_json_member_uint (j, "iterations", st->iterations);
  rf_json_member_uint (j, "kept", st->kept);
  rf_json_member_uint (j, "pruned", st->pruned);
  rf_json_member_uint (j, "steq_pruned", st->steq_pruned);
  rf_json_member_uint (j, "linear_programs", st->steq_lps);
  rf_json_member_uint (j, "bounds_learned", st->steq_learned);
  rf_json_member_uint (j, "forward_states", st->forward_states);
  rf_json_key (j, "seconds");
  if (opts && opts->no_time)
    rf_json_null (j);
  else
    rf_json_double (j, st->seconds);
  rf_json_end_object (j);
}

/* ---- race check ---- */

static const char *
race_verdict_name (RfCoverVerdict v)
{
  switch (v)
    {
    case RF_COVER_SAFE: return "race-free";
    case RF_COVER_UNSAFE: return "race";
    case RF_COVER_UNKNOWN: return "unknown";
    }
  g_assert_not_reached ();
}

static void
write_thread (RfJson *j, guint thread, const RfNet *net, gint job)
{
  rf_json_key (j, "thread");
  if (thread > 0)
    rf_json_uint (j, thread);
  else
    rf_json_null (j);
  rf_json_member_string (j, "job", job >= 0 ? rf_net_get_job (net, job)->name : NULL);
}

/* "holds": the names of the locks HELD (RfHeld of PROG; may be NULL: none); then
 * "holds_read": those among them held for reading only (read-write locks). */
static void
write_holds (RfJson *j, const RfProgram *prog, const GArray *held)
{
  for (guint read = 0; read < 2; read++)
    {
      rf_json_key (j, read ? "holds_read" : "holds");
      rf_json_begin_array_inline (j);
      for (guint i = 0; prog && held && i < held->len; i++)
        {
          const RfHeld *h = &g_array_index (held, RfHeld, i);
          if (h->read || !read)
            rf_json_string (j, rf_program_get_var (prog, h->var)->name);
        }
      rf_json_end_array (j);
    }
}

/* "function", "stack" and "stack_shared" of step STEP (0-based) of IL at LOC: the
 * innermost function (null when not known), the frames innermost first, and whether
 * the outermost is a copy shared by callers it does not name. */
static void write_frames (RfJson *j, const GArray *stack, gboolean shared);

static void
write_stack (RfJson *j, const RfProgram *prog, const RfNet *net, const RfInterleaving *il, guint step, RfLoc loc)
{
  gboolean shared = FALSE;
  g_autoptr (GArray) stack = rf_report_step_stack (prog, net, il, step, loc, &shared);
  write_frames (j, stack, shared);
}

/* "function", "stack" and "stack_shared" of STACK (RfStackFrame, innermost first; NULL:
 * none). */
static void
write_frames (RfJson *j, const GArray *stack, gboolean shared)
{
  rf_json_member_string (j, "function", stack && stack->len ? g_array_index (stack, RfStackFrame, 0).fn : NULL);
  rf_json_key (j, "stack");
  rf_json_begin_array_inline (j);
  for (guint i = 0; stack && i < stack->len; i++)
    {
      const RfStackFrame *f = &g_array_index (stack, RfStackFrame, i);
      rf_json_begin_object (j);
      rf_json_member_string (j, "function", f->fn);
      rf_json_loc_members (j, f->loc);
      rf_json_end_object (j);
    }
  rf_json_end_array (j);
  rf_json_key (j, "stack_shared");
  rf_json_bool (j, shared);
}

static void
write_accesses (RfJson *j, const RfProgram *prog, const RfNet *net, const RfRaceVerdict *rv)
{
  rf_json_key (j, "accesses");
  rf_json_begin_array (j);
  for (guint k = 0; rv->sites && k < rv->sites->len; k++)
    {
      const RfRaceSite *s = &g_array_index (rv->sites, RfRaceSite, k);
      rf_json_begin_object (j);
      write_thread (j, s->thread, net, s->job);
      rf_json_member_string (j, "kind", s->write ? "write" : "read");
      rf_json_loc_members (j, s->loc);
      rf_json_member_uint (j, "step", s->step);
      write_holds (j, prog, s->held);
      write_stack (j, prog, net, rv->interleaving, s->step - 1, s->loc);
      /* why this access is not protected (notes of the front end) */
      rf_json_key (j, "why");
      rf_json_begin_array (j);
      for (guint n = 0; n < s->why->len; n++)
        rf_json_string (j, g_ptr_array_index (s->why, n));
      rf_json_end_array (j);
      rf_json_end_object (j);
    }
  rf_json_end_array (j);
}

/* "pairs": the pairs of access statements with a write of a race (rf_race_find_pairs)
 * that race or are unknown, each end's kind and place; empty for other verdicts; then
 * "pair_counts": how many pairs race, cannot race, are unknown and were not checked. */
static void
write_pairs (RfJson *j, const RfRaceVerdict *rv)
{
  rf_json_key (j, "pairs");
  rf_json_begin_array (j);
  for (guint i = 0; rv->pairs && i < rv->pairs->len; i++)
    {
      const RfRacePair *p = &g_array_index (rv->pairs, RfRacePair, i);
      if (p->verdict == RF_COVER_SAFE)
        continue;
      rf_json_begin_object (j);
      for (guint e = 0; e < 2; e++)
        {
          rf_json_key (j, e == 0 ? "a" : "b");
          rf_json_begin_object (j);
          rf_json_member_string (j, "kind", (e == 0 ? p->a_write : p->b_write) ? "write" : "read");
          rf_json_loc_members (j, e == 0 ? p->a : p->b);
          rf_json_end_object (j);
        }
      rf_json_member_string (j, "verdict", p->verdict == RF_COVER_UNSAFE ? "race" : "unknown");
      rf_json_key (j, "witness");
      rf_json_bool (j, p->witness);
      rf_json_key (j, "steps");
      if (p->verdict == RF_COVER_UNSAFE)
        rf_json_uint (j, p->steps);
      else
        rf_json_null (j);
      rf_json_end_object (j);
    }
  rf_json_end_array (j);
  guint n_race, n_free, n_unknown;
  rf_report_count_pairs (rv, &n_race, &n_free, &n_unknown);
  rf_json_key (j, "pair_counts");
  rf_json_begin_object (j);
  rf_json_member_uint (j, "race", n_race);
  rf_json_member_uint (j, "race_free", n_free);
  rf_json_member_uint (j, "unknown", n_unknown);
  rf_json_member_uint (j, "not_checked", rv->pairs_unchecked);
  rf_json_end_object (j);
}

static void
write_witness (RfJson *j, const RfProgram *prog, const RfNet *net, const RfInterleaving *il)
{
  rf_json_key (j, "witness");
  if (!il)
    {
      rf_json_null (j);
      return;
    }
  rf_json_begin_object (j);
  rf_json_key (j, "steps");
  rf_json_begin_array (j);
  for (guint i = 0; i < il->steps->len; i++)
    {
      const RfThreadStep *s = &g_array_index (il->steps, RfThreadStep, i);
      const RfTransition *t = rf_net_get_transition (net, s->transition);
      rf_json_begin_object (j);
      rf_json_member_uint (j, "step", i + 1);
      write_thread (j, s->thread, net, s->job);
      rf_json_loc_members (j, t->loc);
      rf_json_member_string (j, "statement", t->label);
      write_stack (j, prog, net, il, i, t->loc);
      g_autoptr (GArray) held = prog && s->thread > 0 ? rf_interleaving_held (net, il, s->thread, i + 1) : NULL;
      write_holds (j, prog, held);
      rf_json_end_object (j);
    }
  rf_json_end_array (j);
  rf_json_key (j, "final");
  rf_json_begin_array (j);
  for (guint k = 0; k < il->final->len; k++)
    {
      const RfThreadState *st = &g_array_index (il->final, RfThreadState, k);
      const RfPlace *p = rf_net_get_place (net, st->place);
      rf_json_begin_object (j);
      write_thread (j, st->thread, net, st->job);
      rf_json_loc_members (j, p->loc);
      rf_json_member_string (j, "activity", p->activity);
      g_autoptr (GArray) held = prog && !st->ended ? rf_interleaving_held (net, il, st->thread, G_MAXUINT) : NULL;
      write_holds (j, prog, held);
      /* where the thread was created: the creating step, or null for one there from the start */
      rf_json_key (j, "created_by");
      if (st->created_step == 0)
        rf_json_null (j);
      else
        {
          const RfThreadStep *cs = &g_array_index (il->steps, RfThreadStep, st->created_step - 1);
          rf_json_begin_object (j);
          rf_json_member_uint (j, "thread", st->creator);
          rf_json_member_uint (j, "step", st->created_step);
          rf_json_loc_members (j, rf_net_get_transition (net, cs->transition)->loc);
          rf_json_end_object (j);
        }
      rf_json_end_object (j);
    }
  rf_json_end_array (j);
  rf_json_end_object (j);
}

static const char *
deadlock_verdict_name (const RfDeadlockVerdict *dv)
{
  switch (dv->status)
    {
    case RF_DEADLOCK_FOUND: return "deadlock";
    case RF_DEADLOCK_FREE: return "deadlock-free";
    case RF_DEADLOCK_UNKNOWN: return "unknown";
    }
  g_assert_not_reached ();
}

/* One deadlock verdict: what it asks (kind, locks), its answer and, when shown, the
 * threads and the witness. */
/* "fingerprint" and "suppressed" (null, or the kind, the reason and the comment's
 * place) of a finding. */
static void
write_finding (RfJson *j, const char *fingerprint, const RfSuppression *sup)
{
  rf_json_member_string (j, "fingerprint", fingerprint);
  rf_json_key (j, "suppressed");
  if (!sup->kind)
    {
      rf_json_null (j);
      return;
    }
  rf_json_begin_object (j);
  rf_json_member_string (j, "kind", sup->kind == RF_SUPPRESS_SOURCE ? "source" : "baseline");
  rf_json_member_string (j, "reason", sup->reason);
  rf_json_loc_members (j, sup->loc);
  rf_json_end_object (j);
}

static void
write_deadlock (RfJson *j, const RfCheckResult *res, const RfDeadlockVerdict *dv, const RfReportOptions *opts)
{
  const RfProgram *prog = rf_check_result_get_program (res);
  const RfNet *net = rf_check_result_get_net (res);
  rf_json_begin_object (j);
  rf_json_member_string (j, "kind", rf_deadlock_kind_info (dv->kind)->id);
  rf_json_member_string (j, "name", dv->name);
  rf_json_key (j, "locks");
  rf_json_begin_array_inline (j);
  for (guint i = 0; i < dv->locks->len; i++)
    rf_json_string (j, rf_program_get_var (prog, g_array_index (dv->locks, guint, i))->name);
  rf_json_end_array (j);
  rf_json_member_string (j, "verdict", deadlock_verdict_name (dv));
  write_finding (j, rf_check_result_deadlock_fingerprint (res, dv), rf_check_result_deadlock_suppression (res, dv));
  rf_json_member_string (j, "why", dv->why);
  rf_json_loc_members (j, dv->loc);
  rf_json_key (j, "threads");
  rf_json_begin_array (j);
  for (guint i = 0; dv->threads && i < dv->threads->len; i++)
    {
      const RfDeadlockThread *th = &g_array_index (dv->threads, RfDeadlockThread, i);
      rf_json_begin_object (j);
      write_thread (j, th->thread, net, th->job);
      rf_json_member_string (j, "holds", rf_program_get_var (prog, th->held)->name);
      rf_json_key (j, "locked");
      rf_json_begin_object (j);
      rf_json_loc_members (j, th->held_loc);
      rf_json_key (j, "step");
      if (th->held_step > 0)
        rf_json_uint (j, th->held_step);
      else
        rf_json_null (j);
      if (th->held_step > 0)
        write_stack (j, prog, net, dv->interleaving, th->held_step - 1, th->held_loc);
      else
        write_frames (j, NULL, FALSE);
      rf_json_end_object (j);
      gboolean shared = FALSE;
      g_autoptr (GArray) stack = rf_report_deadlock_thread_stack (prog, net, dv, th, &shared);
      write_frames (j, stack, shared);
      if (dv->kind == RF_DEADLOCK_SELF_JOIN || dv->kind == RF_DEADLOCK_JOIN_DETACHED)
        {
          /* a join misuse: the thread joined, "T2" */
          g_autofree char *joined = g_strdup_printf ("T%u", th->wanted);
          rf_json_member_string (j, "waits_for", joined);
        }
      else
        rf_json_member_string (j, "waits_for", rf_program_get_var (prog, th->wanted)->name);
      rf_json_key (j, "lost_signal");
      if (th->lost_step > 0)
        {
          rf_json_begin_object (j);
          rf_json_loc_members (j, th->lost_loc);
          rf_json_member_uint (j, "step", th->lost_step);
          rf_json_end_object (j);
        }
      else
        rf_json_null (j);
      rf_json_loc_members (j, th->wait_loc);
      rf_json_end_object (j);
    }
  rf_json_end_array (j);
  write_witness (j, prog, net, dv->status == RF_DEADLOCK_FOUND ? dv->interleaving : NULL);
  if (dv->result)
    write_statistics (j, &dv->result->stats, opts);
  else
    {
      rf_json_key (j, "statistics");
      rf_json_null (j);
    }
  rf_json_end_object (j);
}

/* "deadlocks": the verdicts of the deadlock check, the cycles not checked, the lock
 * operations the model does not follow, and the counts. */
static void
write_deadlocks (RfJson *j, const RfCheckResult *res, const RfReportOptions *opts)
{
  const RfProgram *prog = rf_check_result_get_program (res);
  GPtrArray *deadlocks = rf_check_result_get_deadlocks (res);
  guint counts[RF_DEADLOCK_N_KINDS][3], any_found = 0, any_unknown = 0;
  for (RfDeadlockKind k = 0; k < RF_DEADLOCK_N_KINDS; k++)
    {
      rf_check_result_count_deadlocks (res, k, &counts[k][0], &counts[k][1], &counts[k][2]);
      any_found += counts[k][0], any_unknown += counts[k][2];
    }
  rf_json_key (j, "deadlocks");
  rf_json_begin_object (j);
  rf_json_member_string (j, "verdict", any_found ? "deadlock" : any_unknown ? "unknown" : "deadlock-free");
  rf_json_key (j, "findings");
  rf_json_begin_array (j);
  for (guint i = 0; i < deadlocks->len; i++)
    write_deadlock (j, res, g_ptr_array_index (deadlocks, i), opts);
  rf_json_end_array (j);
  rf_json_member_uint (j, "cycles_not_checked", rf_check_result_get_deadlock_unchecked (res));
  rf_json_member_uint (j, "wakeups_searched", rf_check_result_get_wakeups_searched (res));
  rf_json_key (j, "misuse_not_checked");
  rf_json_begin_array_inline (j);
  for (guint v = 0; (rf_check_result_get_checks (res) & RF_CHECK_MISUSE) && v < rf_program_n_vars (prog); v++)
    if (rf_program_get_var (prog, v)->one_of_many)
      rf_json_string (j, rf_program_get_var (prog, v)->name);
  rf_json_end_array (j);
  rf_json_key (j, "not_followed");
  rf_json_begin_array (j);
  for (guint i = 0; i < rf_program_n_unfollowed (prog); i++)
    {
      RfLoc loc;
      const char *why = rf_program_get_unfollowed (prog, i, &loc);
      rf_json_begin_object (j);
      rf_json_loc_members (j, loc);
      rf_json_member_string (j, "why", why);
      rf_json_end_object (j);
    }
  rf_json_end_array (j);
  /* per kind: how many questions, shown, proved impossible, unknown */
  rf_json_key (j, "summary");
  rf_json_begin_object (j);
  for (RfDeadlockKind k = 0; k < RF_DEADLOCK_N_KINDS; k++)
    {
      rf_json_key (j, rf_deadlock_kind_info (k)->id);
      rf_json_begin_object (j);
      rf_json_member_uint (j, "questions", counts[k][0] + counts[k][1] + counts[k][2]);
      rf_json_member_uint (j, "found", counts[k][0]);
      rf_json_member_uint (j, "proved", counts[k][1]);
      rf_json_member_uint (j, "unknown", counts[k][2]);
      rf_json_end_object (j);
    }
  rf_json_end_object (j);
  rf_json_end_object (j);
}

static void
report_json_check (const RfCheckResult *res, const RfReportOptions *opts, GString *out)
{
  const RfProgram *prog = rf_check_result_get_program (res);
  const RfNet *net = rf_check_result_get_net (res);
  GPtrArray *verdicts = rf_check_result_get_verdicts (res);
  guint n_race, n_free, n_unknown;
  rf_check_result_count (res, &n_race, &n_free, &n_unknown);

  RfJson j;
  rf_json_init (&j, out);
  rf_json_begin_object (&j);
  write_tool_and_inputs (&j, res);
  /* Overall, as the exit status: a race wins over unknown, unknown over race-free. */
  rf_json_member_string (&j, "verdict", n_race ? "race" : n_unknown ? "unknown" : "race-free");
  rf_json_key (&j, "locations");
  rf_json_begin_array (&j);
  for (guint i = 0; i < verdicts->len; i++)
    {
      const RfRaceVerdict *rv = g_ptr_array_index (verdicts, i);
      rf_json_begin_object (&j);
      rf_json_member_string (&j, "name", rv->name);
      rf_json_key (&j, "declaration");
      rf_json_begin_object (&j);
      rf_json_loc_members (&j, prog ? rf_program_get_var (prog, rv->var)->loc : RF_LOC_NONE);
      rf_json_end_object (&j);
      rf_json_member_string (&j, "verdict", race_verdict_name (rv->result->verdict));
      write_finding (&j, rf_check_result_race_fingerprint (res, rv), rf_check_result_race_suppression (res, rv));
      write_accesses (&j, prog, net, rv);
      write_pairs (&j, rv);
      write_witness (&j, prog, net, rv->interleaving);
      write_proof (&j, rv);
      write_statistics (&j, &rv->result->stats, opts);
      write_searched_net (&j, net, rv);
      rf_json_end_object (&j);
    }
  rf_json_end_array (&j);
  write_value_variables (&j, prog);
  rf_json_key (&j, "summary");
  rf_json_begin_object (&j);
  rf_json_member_uint (&j, "locations", verdicts->len);
  rf_json_member_uint (&j, "races", n_race);
  rf_json_member_uint (&j, "race_free", n_free);
  rf_json_member_uint (&j, "unknown", n_unknown);
  guint n_shown, n_suppressed, n_unknown_all;
  rf_check_result_count_findings (res, &n_shown, &n_suppressed, &n_unknown_all);
  rf_json_member_uint (&j, "suppressed", n_suppressed);
  rf_json_end_object (&j);
  guint n_interrupted = rf_check_result_count_interrupted (res);
  if (n_interrupted > 0)
    rf_json_member_uint (&j, "interrupted", n_interrupted);
  RfChecks checks = rf_check_result_get_checks (res);
  if (checks != RF_CHECK_RACES)
    {
      rf_json_key (&j, "checks");
      rf_json_begin_array_inline (&j);
      if (checks & RF_CHECK_RACES)
        rf_json_string (&j, "races");
      if (checks & RF_CHECK_DEADLOCKS)
        rf_json_string (&j, "deadlocks");
      if (checks & RF_CHECK_MISUSE)
        rf_json_string (&j, "misuse");
      rf_json_end_array (&j);
    }
  if (prog && (checks & (RF_CHECK_DEADLOCKS | RF_CHECK_MISUSE)))
    write_deadlocks (&j, res, opts);
  rf_json_end_object (&j);
  rf_json_finish (&j);
}

/* ---- coverability check ---- */

/* A marking as [["place", count], ...] in place id order. */
static void
write_marking (RfJson *j, const RfNet *net, const RfMarking *m)
{
  rf_json_begin_array (j);
  for (guint i = 0; i < m->n; i++)
    {
      rf_json_begin_array_inline (j);
      rf_json_string (j, rf_net_get_place (net, m->e[i].place)->name);
      rf_json_uint (j, m->e[i].count);
      rf_json_end_array (j);
    }
  rf_json_end_array (j);
}

static void
report_json_cover (const RfCheckResult *res, const RfReportOptions *opts, GString *out)
{
  const RfNet *net = rf_check_result_get_net (res);
  const RfCoverResult *r = rf_check_result_get_cover (res);
  GPtrArray *targets = rf_check_result_get_targets (res);
  RfJson j;
  rf_json_init (&j, out);
  rf_json_begin_object (&j);
  write_tool_and_inputs (&j, res);
  rf_json_member_string (&j, "verdict", rf_cover_verdict_to_string (r->verdict));
  rf_json_key (&j, "net");
  rf_json_begin_object (&j);
  rf_json_member_uint (&j, "places", rf_net_n_places (net));
  rf_json_member_uint (&j, "transitions", rf_net_n_transitions (net));
  rf_json_end_object (&j);
  rf_json_key (&j, "witness");
  if (r->witness)
    {
      const RfWitness *w = r->witness;
      rf_json_begin_object (&j);
      rf_json_key (&j, "initial");
      write_marking (&j, net, w->initial);
      rf_json_key (&j, "steps");
      rf_json_begin_array (&j);
      for (guint i = 0; i < w->steps->len; i++)
        {
          guint id = g_array_index (w->steps, guint, i);
          rf_json_begin_object (&j);
          rf_json_member_uint (&j, "step", i + 1);
          rf_json_member_uint (&j, "transition", id);
          rf_json_member_string (&j, "label", rf_net_get_transition (net, id)->label);
          rf_json_end_object (&j);
        }
      rf_json_end_array (&j);
      rf_json_key (&j, "final");
      write_marking (&j, net, w->final);
      rf_json_key (&j, "target");
      if (targets && w->target < targets->len)
        write_marking (&j, net, g_ptr_array_index (targets, w->target));
      else
        rf_json_null (&j);
      rf_json_end_object (&j);
    }
  else
    rf_json_null (&j);
  write_statistics (&j, &r->stats, opts);
  rf_json_end_object (&j);
  rf_json_finish (&j);
}

const RfReportFormat rf_report_format_json = {
  "json", NULL, report_json_check, report_json_cover, NULL,
};
