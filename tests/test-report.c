/* test-report: the JSON writer the report back ends share (escaping, layout), the
 * table of report formats, and the racing access sites of a witness (threads ended by
 * a reset among them), call contexts and the stacks of steps, the pairs of access
 * statements and the shortening of witnesses. Whole reports are
 * golden tests (tests/golden/check-json-*, check-sarif-*, cover-json-*). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "rf-netbuild.h"
#include "rf-report-private.h"
#include "rf-sml.h"

static char *
escaped (const char *s)
{
  GString *out = g_string_new (NULL);
  rf_json_append_escaped (out, s);
  return g_string_free (out, FALSE);
}

static void
test_escape (void **state)
{
  (void) state;
  g_autofree char *plain = escaped ("counter");
  assert_string_equal (plain, "\"counter\"");
  g_autofree char *quotes = escaped ("say \"hi\" \\ bye");
  assert_string_equal (quotes, "\"say \\\"hi\\\" \\\\ bye\"");
  g_autofree char *control = escaped ("a\nb\tc\rd\be\ff\001g\037h\177");
  assert_string_equal (control, "\"a\\nb\\tc\\rd\\be\\ff\\u0001g\\u001fh\\u007f\"");
  /* non-ASCII passes through as UTF-8 */
  g_autofree char *utf8 = escaped ("z\xc3\xa4hler \xe2\x86\x92 \xf0\x9f\x90\x9b");
  assert_string_equal (utf8, "\"z\xc3\xa4hler \xe2\x86\x92 \xf0\x9f\x90\x9b\"");
  /* an invalid byte becomes U+FFFD, so the document stays UTF-8 */
  g_autofree char *invalid = escaped ("a\xff" "b");
  assert_string_equal (invalid, "\"a\xef\xbf\xbd" "b\"");
}

static void
test_writer_layout (void **state)
{
  (void) state;
  g_autoptr (GString) out = g_string_new (NULL);
  RfJson j;
  rf_json_init (&j, out);
  rf_json_begin_object (&j);
  rf_json_member_string (&j, "name", "x");
  rf_json_key (&j, "empty");
  rf_json_begin_array (&j);
  rf_json_end_array (&j);
  rf_json_key (&j, "none");
  rf_json_begin_object (&j);
  rf_json_end_object (&j);
  rf_json_key (&j, "pairs");
  rf_json_begin_array (&j);
  rf_json_begin_array_inline (&j);
  rf_json_string (&j, "p");
  rf_json_uint (&j, 2);
  rf_json_end_array (&j);
  rf_json_begin_array_inline (&j);
  rf_json_string (&j, "q");
  rf_json_uint (&j, 1);
  rf_json_end_array (&j);
  rf_json_end_array (&j);
  rf_json_key (&j, "values");
  rf_json_begin_array (&j);
  rf_json_null (&j);
  rf_json_bool (&j, TRUE);
  rf_json_double (&j, 0.25);
  rf_json_double (&j, INFINITY);
  rf_json_string (&j, NULL);
  rf_json_end_array (&j);
  rf_json_key (&j, "loc");
  rf_json_begin_object (&j);
  rf_json_loc_members (&j, RF_LOC_NONE);
  rf_json_end_object (&j);
  rf_json_end_object (&j);
  rf_json_finish (&j);
  assert_string_equal (out->str,
    "{\n"
    "  \"name\": \"x\",\n"
    "  \"empty\": [],\n"
    "  \"none\": {},\n"
    "  \"pairs\": [\n"
    "    [\"p\", 2],\n"
    "    [\"q\", 1]\n"
    "  ],\n"
    "  \"values\": [\n"
    "    null,\n"
    "    true,\n"
    "    0.250000,\n"
    "    null,\n"
    "    null\n"
    "  ],\n"
    "  \"loc\": {\n"
    "    \"file\": null,\n"
    "    \"line\": null,\n"
    "    \"column\": null\n"
    "  }\n"
    "}\n");
}

static void
test_format_lookup (void **state)
{
  (void) state;
  assert_ptr_equal (rf_report_format_lookup ("text"), &rf_report_format_text);
  assert_ptr_equal (rf_report_format_lookup ("json"), &rf_report_format_json);
  assert_ptr_equal (rf_report_format_lookup ("sarif"), &rf_report_format_sarif);
  assert_null (rf_report_format_lookup ("xml"));
  assert_null (rf_report_format_lookup ("JSON"));
  /* every format reports a race check and a coverability check */
  assert_non_null (rf_report_format_sarif.check);
  assert_non_null (rf_report_format_sarif.cover);
  assert_non_null (rf_report_format_json.cover);
  assert_non_null (rf_report_format_text.cover);
  assert_non_null (rf_report_format_text.diagnostics);
  assert_null (rf_report_format_json.diagnostics);
}

/* The transition of job JOB labelled LABEL. */
static guint
transition (const RfNet *net, gint job, const char *label)
{
  for (guint t = 0; t < rf_net_n_transitions (net); t++)
    {
      const RfTransition *tr = rf_net_get_transition (net, t);
      if (tr->job == job && strcmp (tr->label, label) == 0)
        return t;
    }
  fail_msg ("no transition '%s' in job %d", label, job);
  return 0;
}

/* "T2 (w) write 3, ..." for the race sites of RV (rf_race_sites, no notes). */
static char *
sites_text (const RfNet *net, const RfRaceVerdict *rv)
{
  g_autoptr (GArray) sites = rf_race_sites (NULL, net, rv->var, rv->interleaving, rv->target);
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < sites->len; i++)
    {
      const RfRaceSite *site = &g_array_index (sites, RfRaceSite, i);
      g_string_append_printf (out, "%sT%u (%s) %s %u", i ? ", " : "", site->thread,
                              rf_report_job_name (net, site->job), site->write ? "write" : "read",
                              site->loc.line);
    }
  return g_string_free (out, FALSE);
}

/* With rwlock claims the race targets are pairs of access places, and the race sites
 * are the threads on the covered target's places: here a reader is inside beside the
 * writer (the net does not make a writer wait for readers; the claims exclude that
 * pair), and the race is the writer's with the unlocked reader. */
static void
test_race_sites_follow_target (void **state)
{
  (void) state;
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (RfProgram) prog = rf_sml_parse ("t.sml",
    "shared v;\n"
    "rwlock L;\n"
    "thread w [1] { wrlock L; write v; unlock L; }\n"
    "thread r [1] { rdlock L; read v; unlock L; }\n"
    "thread u [1] { read v; }\n", diags, NULL);
  assert_non_null (prog);
  g_autoptr (RfNet) net = rf_netbuild (prog);
  assert_int_equal (rf_net_n_rwlock_claims (net), 1);
  g_autoptr (GPtrArray) targets = rf_race_targets (net, 0);
  assert_int_equal (targets->len, 1);
  g_autofree char *target = rf_net_marking_to_string (net, g_ptr_array_index (targets, 0));
  assert_string_equal (target, "{w@3:writing v, u@5:reading v}");

  guint steps[] = { transition (net, 1, "rdlock L"), transition (net, 1, "read v (begin)"),
                    transition (net, 0, "wrlock L"), transition (net, 0, "write v (begin)"),
                    transition (net, 2, "read v (begin)") };
  guint np = rf_net_n_places (net);
  g_autoptr (GArray) init = g_array_new (FALSE, FALSE, sizeof (RfToken));
  for (guint p = 0; p < np; p++)
    if (rf_net_peek_initial (net)[p] > 0)
      {
        RfToken tok = { p, rf_net_peek_initial (net)[p] };
        g_array_append_val (init, tok);
      }
  RfWitness w = { rf_marking_new ((RfToken *) init->data, init->len), g_array_new (FALSE, FALSE, sizeof (guint)),
                  NULL, 0 };
  g_array_append_vals (w.steps, steps, G_N_ELEMENTS (steps));
  RfRaceVerdict rv = { 0 };
  rv.interleaving = rf_interleaving_new (net, &w);
  g_autofree char *all = sites_text (net, &rv);
  assert_string_equal (all, "T1 (r) read 4, T2 (w) write 3, T3 (u) read 5");
  rv.target = g_ptr_array_index (targets, 0);
  g_autofree char *racing = sites_text (net, &rv);
  assert_string_equal (racing, "T2 (w) write 3, T3 (u) read 5");
  rf_interleaving_free (rv.interleaving);
  rf_marking_unref (w.initial);
  g_array_unref (w.steps);
}

/* A step that empties a control place ends the threads there (they race no more),
 * but not the thread it moves onto that place: w1 and w2 begin writing v, u begins
 * reading it; "stop" empties the writing place; then "again" moves a new writer w3
 * (from its entry) onto the writing place, emptying it first. */
static void
test_interleaving_resets (void **state)
{
  (void) state;
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (RfProgram) prog = rf_sml_parse ("t.sml",
    "shared v;\n"
    "thread w [3] { write v; }\n"
    "thread u [1] { read v; }\n", diags, NULL);
  assert_non_null (prog);
  g_autoptr (RfNet) net = rf_netbuild (prog);
  gint writing = rf_net_lookup_place (net, "w@2:writing v");
  assert_true (writing >= 0);
  guint begin = transition (net, 0, "write v (begin)");
  const RfTransition *bt = rf_net_get_transition (net, begin);
  guint stop = rf_net_add_transition (net, "stop", -1, RF_LOC_NONE, NULL, 0, NULL, 0, -1, -1, -1);
  rf_net_set_transition_resets (net, stop, (const guint[]) { writing }, 1);
  guint again = rf_net_add_transition (net, "again", 0, bt->loc, bt->pre, bt->n_pre, bt->post, bt->n_post,
                                       bt->pc_from, bt->pc_to, -1);
  rf_net_set_transition_resets (net, again, (const guint[]) { writing }, 1);
  guint steps[] = { begin, begin, transition (net, 1, "read v (begin)"), stop, again };
  guint np = rf_net_n_places (net);
  g_autoptr (GArray) init = g_array_new (FALSE, FALSE, sizeof (RfToken));
  for (guint p = 0; p < np; p++)
    if (rf_net_peek_initial (net)[p] > 0)
      {
        RfToken tok = { p, rf_net_peek_initial (net)[p] };
        g_array_append_val (init, tok);
      }
  RfWitness w = { rf_marking_new ((RfToken *) init->data, init->len), g_array_new (FALSE, FALSE, sizeof (guint)),
                  NULL, 0 };
  g_array_append_vals (w.steps, steps, G_N_ELEMENTS (steps));
  RfRaceVerdict rv = { 0 };
  rv.interleaving = rf_interleaving_new (net, &w);
  const GArray *fin = rv.interleaving->final;
  assert_int_equal (fin->len, 4);
  gboolean ended[] = { TRUE, TRUE, FALSE, FALSE };
  for (guint k = 0; k < fin->len; k++)
    {
      const RfThreadState *st = &g_array_index (fin, RfThreadState, k);
      assert_int_equal (st->thread, k + 1);
      assert_int_equal (st->ended, ended[k]);
    }
  /* T4 is the writer "again" moved; the "again" step itself is T4's */
  assert_int_equal (g_array_index (rv.interleaving->steps, RfThreadStep, 4).thread, 4);
  g_autofree char *sites = sites_text (net, &rv);
  assert_string_equal (sites, "T3 (u) read 3, T4 (w) write 2");
  rf_interleaving_free (rv.interleaving);
  rf_marking_unref (w.initial);
  g_array_unref (w.steps);
}

/* Call contexts: interned per (parent, function, call, shared); a stack lists the
 * frames innermost first with each call's place, stops at a shared copy (and says so);
 * the net builder hands each edge's context to its transitions, and a step's stack is
 * read through them; an edge without a context has an empty stack. */
static void
test_call_stacks (void **state)
{
  (void) state;
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (RfProgram) prog = rf_sml_parse ("t.sml",
    "shared v;\n"
    "thread w [1] { write v; read v; }\n", diags, NULL);
  assert_non_null (prog);
  const char *f = g_intern_string ("f.c");
  guint root = rf_program_add_context (prog, -1, "worker", RF_LOC_NONE, FALSE);
  guint mid = rf_program_add_context (prog, (gint) root, "helper", (RfLoc) { f, 20, 5 }, FALSE);
  guint leaf = rf_program_add_context (prog, (gint) mid, "add", (RfLoc) { f, 9, 3 }, FALSE);
  guint shared = rf_program_add_context (prog, -1, "add", RF_LOC_NONE, TRUE);
  assert_int_equal (rf_program_add_context (prog, (gint) mid, "add", (RfLoc) { f, 9, 3 }, FALSE), leaf);
  assert_int_not_equal (rf_program_add_context (prog, (gint) mid, "add", (RfLoc) { f, 10, 3 }, FALSE), leaf);
  assert_int_not_equal (shared, root);
  assert_int_equal (rf_program_n_contexts (prog), 5);

  gboolean sh = TRUE;
  g_autoptr (GArray) stack = rf_program_stack (prog, (gint) leaf, (RfLoc) { f, 3, 7 }, &sh);
  assert_false (sh);
  g_autoptr (GString) text = g_string_new (NULL);
  rf_report_append_stack (stack, sh, text);
  assert_string_equal (text->str, "in add at f.c:3:7, called from helper at f.c:9:3, called from worker at f.c:20:5");
  g_autoptr (GArray) sstack = rf_program_stack (prog, (gint) shared, (RfLoc) { f, 3, 7 }, &sh);
  assert_true (sh);
  g_string_truncate (text, 0);
  rf_report_append_stack (sstack, sh, text);
  assert_string_equal (text->str, "in add at f.c:3:7, called from several places");
  g_autoptr (GArray) none = rf_program_stack (prog, -1, (RfLoc) { f, 3, 7 }, &sh);
  assert_int_equal (none->len, 0);
  assert_false (sh);

  /* the write in `add` (leaf), the read with no context */
  RfJob *job = rf_program_get_job (prog, 0);
  for (guint i = 0; i < job->edges->len; i++)
    if (g_array_index (job->edges, RfEdge, i).op == RF_OP_WRITE)
      g_array_index (job->edges, RfEdge, i).ctx = (gint) leaf;
  assert_true (rf_program_is_valid (prog));
  g_autoptr (RfNet) net = rf_netbuild (prog);
  guint steps[] = { transition (net, 0, "write v (begin)"), transition (net, 0, "write v (end)"),
                    transition (net, 0, "read v (begin)") };
  RfInterleaving il = { g_array_new (FALSE, FALSE, sizeof (RfThreadStep)), NULL };
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      RfThreadStep s = { 1, 0, steps[i] };
      g_array_append_val (il.steps, s);
    }
  RfLoc at = rf_net_get_transition (net, steps[0])->loc;
  g_autoptr (GArray) s0 = rf_report_step_stack (prog, net, &il, 0, at, NULL);
  assert_int_equal (s0->len, 3);
  assert_string_equal (g_array_index (s0, RfStackFrame, 0).fn, "add");
  assert_int_equal (g_array_index (s0, RfStackFrame, 0).loc.line, at.line);
  assert_string_equal (g_array_index (s0, RfStackFrame, 2).fn, "worker");
  g_autoptr (GArray) s1 = rf_report_step_stack (prog, net, &il, 1, at, NULL);
  assert_int_equal (s1->len, 3);
  g_autoptr (GArray) s2 = rf_report_step_stack (prog, net, &il, 2, at, NULL);
  assert_int_equal (s2->len, 0);
  /* no program (a net input): no stack */
  g_autoptr (GArray) s3 = rf_report_step_stack (NULL, net, &il, 0, at, NULL);
  assert_int_equal (s3->len, 0);
  /* a context id out of range is invalid */
  g_array_index (job->edges, RfEdge, 0).ctx = 99;
  assert_false (rf_program_is_valid (prog));
  g_array_unref (il.steps);
}

/* Pairs of access statements: of the three statements (an unlocked write, a locked
 * write, a locked read), the pairs with the unlocked write race (one is the witness's)
 * and the two locked ones cannot: proved by a search, or by the lock invariant with
 * none; past RF_RACE_MAX_PAIRS searches, pairs are only counted. */
static void
test_race_pairs (void **state)
{
  (void) state;
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (RfProgram) prog = rf_sml_parse ("t.sml",
    "shared v;\n"
    "lock m;\n"
    "thread a [*] { write v; }\n"
    "thread b [*] { acquire m; write v; release m; }\n"
    "thread c [*] { acquire m; read v; release m; }\n", diags, NULL);
  assert_non_null (prog);
  g_autoptr (RfNet) net = rf_netbuild (prog);
  g_autoptr (RfRaceQuick) quick = rf_race_quick_new (net);
  /* with and without the quick arguments, on the focused net and on the whole net */
  for (guint mode = 0; mode < 4; mode++)
    {
      gboolean with_quick = mode & 1, focus = mode >> 1;
      RfRaceVerdict *rv = rf_race_check_var (prog, net, NULL, 0, NULL, focus);
      assert_int_equal (rv->result->verdict, RF_COVER_UNSAFE);
      rf_race_find_pairs (prog, net, with_quick ? quick : NULL, rv, NULL, focus);
      assert_non_null (rv->pairs);
      assert_int_equal (rv->pairs_unchecked, 0);
      /* (a.w, a.w) (a.w, b.w) (a.w, c.r) (b.w, b.w) (b.w, c.r): by line */
      assert_int_equal (rv->pairs->len, 5);
      RfCoverVerdict want[] = { RF_COVER_UNSAFE, RF_COVER_UNSAFE, RF_COVER_UNSAFE, RF_COVER_SAFE, RF_COVER_SAFE };
      guint lines[][2] = { { 3, 3 }, { 3, 4 }, { 3, 5 }, { 4, 4 }, { 4, 5 } };
      guint n_witness = 0;
      for (guint i = 0; i < rv->pairs->len; i++)
        {
          const RfRacePair *p = &g_array_index (rv->pairs, RfRacePair, i);
          assert_int_equal (p->a.line, lines[i][0]);
          assert_int_equal (p->b.line, lines[i][1]);
          assert_int_equal (p->verdict, want[i]);
          assert_true (p->a_write);
          assert_int_equal (p->b_write, lines[i][1] != 5);
          n_witness += p->witness;
          /* the witness's pair needs no search; the locked ones none with the quick
           * arguments */
          assert_int_equal (p->searched, !p->witness && !(with_quick && want[i] == RF_COVER_SAFE));
          if (p->verdict == RF_COVER_UNSAFE)
            assert_true (p->steps > 0);
        }
      assert_int_equal (n_witness, 1);
      guint n_race, n_free, n_unknown;
      rf_report_count_pairs (rv, &n_race, &n_free, &n_unknown);
      assert_int_equal (n_race, 3);
      assert_int_equal (n_free, 2);
      assert_int_equal (n_unknown, 0);
      rf_race_verdict_free (rv);
    }

  /* a run with a total budget (a deadline) searches no pair: the witness's pair races,
   * the quick arguments exclude the two locked pairs, the other two are not checked */
  RfCoverBudget total = { 0 };
  total.deadline_us = rf_cover_cpu_time_us () + (gint64) 3600 * G_USEC_PER_SEC;
  RfRaceVerdict *tv = rf_race_check_var (prog, net, NULL, 0, &total, TRUE);
  rf_race_find_pairs (prog, net, quick, tv, &total, TRUE);
  assert_int_equal (tv->pairs->len, 3);
  assert_int_equal (tv->pairs_unchecked, 2);
  for (guint i = 0; i < tv->pairs->len; i++)
    assert_false (g_array_index (tv->pairs, RfRacePair, i).searched);
  rf_race_verdict_free (tv);

  /* ten write statements of one thread kind: 55 pairs, all racing; one is the witness's,
   * RF_RACE_MAX_PAIRS more are searched, the rest only counted */
  g_autoptr (GString) text = g_string_new ("shared v;\nthread w [*] {\n");
  for (guint i = 0; i < 10; i++)
    g_string_append (text, "  write v;\n");
  g_string_append (text, "}\n");
  g_autoptr (RfProgram) many = rf_sml_parse ("m.sml", text->str, diags, NULL);
  assert_non_null (many);
  g_autoptr (RfNet) mnet = rf_netbuild (many);
  RfRaceVerdict *rv = rf_race_check_var (many, mnet, NULL, 0, NULL, TRUE);
  rf_race_find_pairs (many, mnet, NULL, rv, NULL, TRUE);
  assert_int_equal (rv->pairs->len, RF_RACE_MAX_PAIRS + 1);
  assert_int_equal (rv->pairs->len + rv->pairs_unchecked, 55);
  for (guint i = 0; i < rv->pairs->len; i++)
    assert_int_equal (g_array_index (rv->pairs, RfRacePair, i).verdict, RF_COVER_UNSAFE);
  rf_race_verdict_free (rv);
}

/* A witness with a thread created in vain and a loop gone around once too often is
 * shortened: main's third creation (of a thread that never acts) and the reader's
 * extra iteration are cut; what is left still replays and covers the target; a
 * witness with nothing to cut is left alone. */
static void
test_race_shorten (void **state)
{
  (void) state;
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (RfProgram) prog = rf_sml_parse ("t.sml",
    "shared v;\n"
    "main { while (*) { create w; } }\n"
    "thread w { while (*) { read v; } write v; }\n", diags, NULL);
  assert_non_null (prog);
  g_autoptr (RfNet) net = rf_netbuild (prog);
  guint create = transition (net, 0, "create w"), rb = transition (net, 1, "read v (begin)"),
        re = transition (net, 1, "read v (end)"), wb = transition (net, 1, "write v (begin)");
  guint np = rf_net_n_places (net);
  g_autoptr (GArray) init = g_array_new (FALSE, FALSE, sizeof (RfToken));
  for (guint p = 0; p < np; p++)
    if (rf_net_peek_initial (net)[p] > 0)
      {
        RfToken tok = { p, rf_net_peek_initial (net)[p] };
        g_array_append_val (init, tok);
      }
  g_autoptr (GPtrArray) targets = rf_race_targets (net, 0);
  const RfMarking *two_writers = g_ptr_array_index (targets, 0);   /* {Write_v * 2} */
  guint before[] = { create, create, create, rb, re, wb, wb };
  for (guint round = 0; round < 2; round++)
    {
      RfWitness w = { rf_marking_new ((RfToken *) init->data, init->len), g_array_new (FALSE, FALSE, sizeof (guint)),
                      rf_marking_new_empty (), 0 };
      if (round == 0)
        g_array_append_vals (w.steps, before, G_N_ELEMENTS (before));
      else
        g_array_append_vals (w.steps, ((guint[]) { create, create, wb, wb }), 4);
      rf_race_shorten (net, &w, two_writers);
      assert_int_equal (w.steps->len, 4);
      guint want[] = { create, create, wb, wb };
      for (guint i = 0; i < 4; i++)
        assert_int_equal (g_array_index (w.steps, guint, i), want[i]);
      g_autoptr (GError) error = NULL;
      if (round == 0)
        assert_true (rf_witness_replay (net, &w, two_writers, &error));
      rf_marking_unref (w.initial);
      rf_marking_unref (w.final);
      g_array_unref (w.steps);
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_escape),
    cmocka_unit_test (test_writer_layout),
    cmocka_unit_test (test_format_lookup),
    cmocka_unit_test (test_race_sites_follow_target),
    cmocka_unit_test (test_interleaving_resets),
    cmocka_unit_test (test_call_stacks),
    cmocka_unit_test (test_race_pairs),
    cmocka_unit_test (test_race_shorten),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
