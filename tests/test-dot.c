/* test-dot: the DOT picture of a small hand-built net, compared whole with a golden file;
 * the witness pictures of Counter's race (what they number, highlight and mark), and
 * rendering (whole witness and slice pictures are golden tests: tests/golden/witness-*).
 *
 * The golden file is tests/golden/dot-small.dot, found through RF_GOLDEN_DIR (set by
 * meson) or the first argument; RF_UPDATE_GOLDEN=1 rewrites it from the current output. */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>
#include <glib.h>

#include "rf-dot.h"
#include "rf-net.h"
#include "rf-netbuild.h"
#include "rf-race.h"
#include "rf-sml.h"

static const char *golden_dir;
static const char *examples_dir;

static RfLoc
line (guint l)
{
  return (RfLoc){ g_intern_string ("small.rf"), l, 1 };
}

/* Two job types sharing lock m and variable x, plus a signal c and a job-less
 * transition. Covers every label form (L<line>, name for line 0, ●, ●N, ω), every
 * place shape, a weight-2 arc and a statement with quotes and backslashes:
 *
 *   thread worker {            main {
 *   3  acquire m;              10  wait c;    (needs two signals)
 *   4  x = 1;                  11  read x;
 *   5  release m;              12  puts "done\n";
 *   }                          }
 */
static RfNet *
build_small_net (void)
{
  RfNet *net = rf_net_new ();

  guint w3 = rf_net_add_place (net, "worker@3", RF_PLACE_CONTROL, 0, -1, line (3));
  guint w4 = rf_net_add_place (net, "worker@4", RF_PLACE_CONTROL, 0, -1, line (4));
  guint w4w = rf_net_add_place (net, "worker@4:write", RF_PLACE_CONTROL, 0, -1, line (4));
  guint w5 = rf_net_add_place (net, "worker@5", RF_PLACE_CONTROL, 0, -1, line (5));
  guint wend = rf_net_add_place (net, "worker@end", RF_PLACE_CONTROL, 0, -1, RF_LOC_NONE);
  guint m10 = rf_net_add_place (net, "main@10", RF_PLACE_CONTROL, 1, -1, line (10));
  guint m11 = rf_net_add_place (net, "main@11", RF_PLACE_CONTROL, 1, -1, line (11));
  guint m11r = rf_net_add_place (net, "main@11:read", RF_PLACE_CONTROL, 1, -1, line (11));
  guint m12 = rf_net_add_place (net, "main@12", RF_PLACE_CONTROL, 1, -1, line (12));
  guint lock = rf_net_add_place (net, "m", RF_PLACE_LOCK, -1, 0, RF_LOC_NONE);
  guint rx = rf_net_add_place (net, "Read_x", RF_PLACE_READ, -1, 1, RF_LOC_NONE);
  guint wx = rf_net_add_place (net, "Write_x", RF_PLACE_WRITE, -1, 1, RF_LOC_NONE);
  guint sig = rf_net_add_place (net, "c", RF_PLACE_SIGNAL, -1, 2, RF_LOC_NONE);

  rf_net_add_job (net, "thread worker", w3);
  rf_net_add_job (net, "main", m10);

  rf_net_set_initial_omega (net, w3);
  rf_net_set_initial (net, m10, 1);
  rf_net_set_initial (net, lock, 1);
  rf_net_set_initial (net, sig, 3);

  /* acquire m: worker@3 + m -> worker@4 */
  RfToken t0_pre[] = { { w3, 1 }, { lock, 1 } }, t0_post[] = { { w4, 1 } };
  rf_net_add_transition (net, "acquire m", 0, line (3), t0_pre, 2, t0_post, 1, w3, w4, -1);
  /* x = 1: worker@4 -> worker@4:write + Write_x */
  RfToken t1_pre[] = { { w4, 1 } }, t1_post[] = { { w4w, 1 }, { wx, 1 } };
  rf_net_add_transition (net, "x = 1", 0, line (4), t1_pre, 1, t1_post, 2, w4, w4w, -1);
  /* end of x = 1: worker@4:write + Write_x -> worker@5 */
  RfToken t2_pre[] = { { wx, 1 }, { w4w, 1 } }, t2_post[] = { { w5, 1 } };
  rf_net_add_transition (net, "end x = 1", 0, line (4), t2_pre, 2, t2_post, 1, w4w, w5, -1);
  /* release m: worker@5 -> worker@end + m */
  RfToken t3_pre[] = { { w5, 1 } }, t3_post[] = { { lock, 1 }, { wend, 1 } };
  rf_net_add_transition (net, "release m", 0, line (5), t3_pre, 1, t3_post, 2, w5, wend, -1);
  /* wait c: main@10 + 2 c -> main@11 */
  RfToken t4_pre[] = { { m10, 1 }, { sig, 2 } }, t4_post[] = { { m11, 1 } };
  rf_net_add_transition (net, "wait c", 1, line (10), t4_pre, 2, t4_post, 1, m10, m11, -1);
  /* read x: main@11 -> main@11:read + Read_x */
  RfToken t5_pre[] = { { m11, 1 } }, t5_post[] = { { m11r, 1 }, { rx, 1 } };
  rf_net_add_transition (net, "read x", 1, line (11), t5_pre, 1, t5_post, 2, m11, m11r, -1);
  /* end of read x: main@11:read + Read_x -> main@12 */
  RfToken t6_pre[] = { { m11r, 1 }, { rx, 1 } }, t6_post[] = { { m12, 1 } };
  rf_net_add_transition (net, "end read x", 1, line (11), t6_pre, 2, t6_post, 1, m11r, m12, -1);
  /* puts "done\n": main@12 -> (main ends) */
  RfToken t7_pre[] = { { m12, 1 } };
  rf_net_add_transition (net, "puts \"done\\n\"", 1, line (12), t7_pre, 1, NULL, 0, m12, -1, -1);
  /* a job-less transition: -> c */
  RfToken t8_post[] = { { sig, 1 } };
  rf_net_add_transition (net, "tick", -1, RF_LOC_NONE, NULL, 0, t8_post, 1, -1, -1, -1);

  return net;
}

static void
test_dot_small_golden (void **state)
{
  g_autoptr (RfNet) net = build_small_net ();
  g_autofree char *dot = rf_dot_net_to_string (net, "small");
  g_autofree char *path = g_build_filename (golden_dir, "dot-small.dot", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *expected = NULL;

  if (g_strcmp0 (g_getenv ("RF_UPDATE_GOLDEN"), "1") == 0)
    {
      assert_true (g_file_set_contents (path, dot, -1, &error));
      print_message ("updated %s\n", path);
      return;
    }
  if (!g_file_get_contents (path, &expected, NULL, &error))
    fail_msg ("%s (run with RF_UPDATE_GOLDEN=1 to create it)", error->message);
  assert_string_equal (dot, expected);
}

static void
test_dot_deterministic (void **state)
{
  g_autoptr (RfNet) net = build_small_net ();
  g_autoptr (RfNet) again = build_small_net ();
  g_autofree char *first = rf_dot_net_to_string (net, "small");
  g_autofree char *second = rf_dot_net_to_string (net, "small");
  g_autofree char *rebuilt = rf_dot_net_to_string (again, "small");

  assert_string_equal (first, second);
  assert_string_equal (first, rebuilt);
}

static void
test_dot_empty_net (void **state)
{
  g_autoptr (RfNet) net = rf_net_new ();
  g_autofree char *dot = rf_dot_net_to_string (net, NULL);

  assert_string_equal (dot,
                       "digraph net {\n"
                       "\tgraph [fontname=Helvetica,\n"
                       "\t\tfontsize=11,\n"
                       "\t\trankdir=TB\n"
                       "\t];\n"
                       "\tnode [fontname=Helvetica,\n"
                       "\t\tfontsize=10,\n"
                       "\t\tlabel=\"\\N\",\n"
                       "\t\tshape=circle\n"
                       "\t];\n"
                       "\tedge [arrowsize=0.7,\n"
                       "\t\tfontname=Helvetica,\n"
                       "\t\tfontsize=9\n"
                       "\t];\n"
                       "}\n");
}

/* A reset arc: a dashed place -> transition edge with a flat head, unlabelled,
 * beside the ordinary arcs (here an input arc on the same place, and one on another).
 * main creates workers, then joins them all: the join empties worker@2. */
static void
test_dot_resets (void **state)
{
  g_autoptr (RfNet) net = rf_net_new ();
  guint m = rf_net_add_place (net, "main@1", RF_PLACE_CONTROL, 0, -1, line (1));
  guint j = rf_net_add_place (net, "main@3", RF_PLACE_CONTROL, 0, -1, line (3));
  guint w = rf_net_add_place (net, "worker@2", RF_PLACE_CONTROL, 1, -1, line (2));
  rf_net_add_job (net, "main", m);
  rf_net_add_job (net, "thread worker", w);
  rf_net_set_initial (net, m, 1);
  RfToken create_pre[] = { { m, 1 } }, create_post[] = { { m, 1 }, { w, 1 } };
  rf_net_add_transition (net, "create worker", 0, line (1), create_pre, 1, create_post, 2, m, m, w);
  RfToken join_pre[] = { { m, 1 }, { w, 1 } }, join_post[] = { { j, 1 } };
  guint join = rf_net_add_transition (net, "join all", 0, line (2), join_pre, 2, join_post, 1, m, j, -1);
  rf_net_set_transition_resets (net, join, (const guint[]) { w }, 1);
  g_autofree char *dot = rf_dot_net_to_string (net, "join");
  assert_string_equal (dot,
                       "digraph join {\n"
                       "\tgraph [fontname=Helvetica,\n"
                       "\t\tfontsize=11,\n"
                       "\t\trankdir=TB\n"
                       "\t];\n"
                       "\tnode [fontname=Helvetica,\n"
                       "\t\tfontsize=10,\n"
                       "\t\tlabel=\"\\N\",\n"
                       "\t\tshape=circle\n"
                       "\t];\n"
                       "\tedge [arrowsize=0.7,\n"
                       "\t\tfontname=Helvetica,\n"
                       "\t\tfontsize=9\n"
                       "\t];\n"
                       "\tsubgraph cluster_0 {\n"
                       "\t\tgraph [color=gray50,\n"
                       "\t\t\tlabel=main,\n"
                       "\t\t\tstyle=rounded\n"
                       "\t\t];\n"
                       "\t\tp0\t[label=\"L1\\n●\",\n"
                       "\t\t\tperipheries=2,\n"
                       "\t\t\ttooltip=\"main@1\"];\n"
                       "\t\tt0\t[fillcolor=gray90,\n"
                       "\t\t\theight=0.2,\n"
                       "\t\t\tlabel=\"create worker\",\n"
                       "\t\t\tshape=box,\n"
                       "\t\t\tstyle=filled];\n"
                       "\t\tp0 -> t0;\n"
                       "\t\tt1\t[fillcolor=gray90,\n"
                       "\t\t\theight=0.2,\n"
                       "\t\t\tlabel=\"join all\",\n"
                       "\t\t\tshape=box,\n"
                       "\t\t\tstyle=filled];\n"
                       "\t\tp0 -> t1;\n"
                       "\t\tp1\t[label=L3,\n"
                       "\t\t\ttooltip=\"main@3\"];\n"
                       "\t\tt0 -> p0;\n"
                       "\t\tt1 -> p1;\n"
                       "\t}\n"
                       "\tsubgraph cluster_1 {\n"
                       "\t\tgraph [color=gray50,\n"
                       "\t\t\tlabel=\"thread worker\",\n"
                       "\t\t\tstyle=rounded\n"
                       "\t\t];\n"
                       "\t\tp2\t[label=L2,\n"
                       "\t\t\tperipheries=2,\n"
                       "\t\t\ttooltip=\"worker@2\"];\n"
                       "\t}\n"
                       "\tp2 -> t1;\n"
                       "\tp2 -> t1\t[arrowhead=tee,\n"
                       "\t\tstyle=dashed];\n"
                       "\tt0 -> p2;\n"
                       "}\n");
  /* Graphviz lays it out: the dashed arc is drawn */
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) svg = rf_dot_render (dot, "svg", &error);
  assert_non_null (svg);
  g_autofree char *text = g_strndup (g_bytes_get_data (svg, NULL), g_bytes_get_size (svg));
  assert_non_null (strstr (text, "stroke-dasharray"));
}

/* A join of all workers resets every place of the worker job: many reset arcs into
 * one transition, inside and across clusters. Graphviz lays it out (with a label on
 * each arc, dot's layout freed a block twice on such a picture). */
static void
test_dot_many_resets (void **state)
{
  enum { N = 40 };
  g_autoptr (RfNet) net = rf_net_new ();
  guint m = rf_net_add_place (net, "main@1", RF_PLACE_CONTROL, 0, -1, line (1));
  guint j = rf_net_add_place (net, "main@3", RF_PLACE_CONTROL, 0, -1, line (3));
  guint w[N];
  for (guint i = 0; i < N; i++)
    {
      g_autofree char *name = g_strdup_printf ("worker@%u", i + 10);
      w[i] = rf_net_add_place (net, name, RF_PLACE_CONTROL, 1, -1, line (i + 10));
    }
  rf_net_add_job (net, "main", m);
  rf_net_add_job (net, "thread worker", w[0]);
  rf_net_set_initial (net, m, 1);
  RfToken create_pre[] = { { m, 1 } }, create_post[] = { { m, 1 }, { w[0], 1 } };
  rf_net_add_transition (net, "create worker", 0, line (1), create_pre, 1, create_post, 2, m, m, w[0]);
  for (guint i = 0; i + 1 < N; i++)
    {
      RfToken pre[] = { { w[i], 1 } }, post[] = { { w[i + 1], 1 } };
      rf_net_add_transition (net, "skip", 1, line (i + 10), pre, 1, post, 1, w[i], w[i + 1], -1);
    }
  RfToken join_pre[] = { { m, 1 } }, join_post[] = { { j, 1 } };
  guint join = rf_net_add_transition (net, "joinall worker", 0, line (2), join_pre, 1, join_post, 1, m, j, -1);
  rf_net_set_transition_resets (net, join, w, N);
  g_autofree char *dot = rf_dot_net_to_string (net, "join");
  assert_null (strstr (dot, "label=reset"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) svg = rf_dot_render (dot, "svg", &error);
  assert_null (error);
  assert_non_null (svg);
}

/* Rendering through gvc: each format's own structure, not pixels (those depend on
 * Graphviz's version and fonts). */
static void
test_render_formats (void **state)
{
  g_autoptr (RfNet) net = build_small_net ();
  g_autoptr (GError) error = NULL;

  g_autoptr (GBytes) svg = rf_dot_net_render (net, "small", "svg", &error);
  assert_non_null (svg);
  gsize len = 0;
  g_autofree char *text = g_strndup (g_bytes_get_data (svg, &len), g_bytes_get_size (svg));
  assert_true (g_str_has_prefix (text, "<?xml"));
  assert_non_null (strstr (text, "<svg"));
  assert_non_null (strstr (text, "cluster_0"));      /* a job type is a cluster */
  assert_non_null (strstr (text, "acquire m"));      /* transitions carry their statement */
  assert_non_null (strstr (text, "Write_x"));        /* shared places are drawn */
  assert_non_null (strstr (text, "</svg>"));

  g_autoptr (GBytes) png = rf_dot_net_render (net, "small", "png", &error);
  assert_non_null (png);
  assert_true (g_bytes_get_size (png) > 8);
  assert_memory_equal (g_bytes_get_data (png, NULL), "\x89PNG\r\n\x1a\n", 8);

  g_autoptr (GBytes) pdf = rf_dot_net_render (net, "small", "pdf", &error);
  assert_non_null (pdf);
  assert_memory_equal (g_bytes_get_data (pdf, NULL), "%PDF-", 5);

  assert_true (rf_dot_format_is_rendered ("svg"));
  assert_false (rf_dot_format_is_rendered ("dot"));
  assert_false (rf_dot_format_is_rendered ("gif"));
}

/* The race verdict on the first variable of examples/NAME (which must race). */
typedef struct {
  RfProgram *prog;
  RfNet *net;
  GPtrArray *verdicts;
} Checked;

static Checked
check_example (const char *name)
{
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *file = g_build_filename (examples_dir, name, NULL);
  Checked c = { rf_sml_parse_file (file, diags, &error), NULL, NULL };
  assert_non_null (c.prog);
  c.net = rf_netbuild (c.prog);
  c.verdicts = rf_race_check (c.prog, c.net, NULL, TRUE);
  const RfRaceVerdict *rv = g_ptr_array_index (c.verdicts, 0);
  assert_int_equal (rv->result->verdict, RF_COVER_UNSAFE);
  return c;
}

static void
checked_clear (Checked *c)
{
  g_ptr_array_unref (c->verdicts);
  rf_net_free (c->net);
  rf_program_free (c->prog);
}

/* Counts the occurrences of NEEDLE in HAYSTACK. */
static guint
count (const char *haystack, const char *needle)
{
  guint n = 0;
  for (const char *s = strstr (haystack, needle); s; s = strstr (s + 1, needle))
    n++;
  return n;
}

/* The witness net numbers every step once, in a transition label, and draws the final
 * marking; the whole text is the same every time it is built. */
static void
test_witness_net (void **state)
{
  Checked c = check_example ("counter.sml");
  const RfRaceVerdict *rv = g_ptr_array_index (c.verdicts, 0);
  const RfWitness *w = rv->result->witness;
  g_autofree char *dot = rf_dot_witness_net_to_string (c.net, rv, "counter");
  g_autofree char *again = rf_dot_witness_net_to_string (c.net, rv, "counter");

  assert_string_equal (dot, again);
  /* Counter's witness: create inc twice, T2 and T3 begin reading, T2 ends its read and
   * begins to write (see check-counter.golden). */
  assert_int_equal (w->steps->len, 6);
  assert_int_equal (count (dot, "label=\"1, 2: create inc\""), 1);
  assert_int_equal (count (dot, "label=\"3, 4: read counter (begin)\""), 1);
  assert_int_equal (count (dot, "label=\"5: read counter (end)\""), 1);
  assert_int_equal (count (dot, "label=\"6: write counter (begin)\""), 1);
  assert_int_equal (count (dot, "label=\"write counter (end)\""), 1);   /* not fired */
  /* The racing accesses' begin transitions are highlighted, nothing else. */
  assert_int_equal (count (dot, "fillcolor=salmon"), 2);
  /* Final marking: one thread reading, one writing, main at its loop. */
  assert_int_equal (count (dot, "label=\"Read_counter\\n●\""), 1);
  assert_int_equal (count (dot, "label=\"Write_counter\\n●\""), 1);
  assert_int_equal (count (dot, "fillcolor=gold"), 3);
  checked_clear (&c);
}

/* The witness's part of the net (the HTML report's picture): the fired transitions as in
 * the whole picture, but not the ones it never fires; the variable's places it touches,
 * with the final marking; the same text every time. */
static void
test_witness_touched (void **state)
{
  Checked c = check_example ("counter.sml");
  const RfRaceVerdict *rv = g_ptr_array_index (c.verdicts, 0);
  g_autofree char *dot = rf_dot_witness_touched_to_string (c.net, rv, "counter");
  g_autofree char *again = rf_dot_witness_touched_to_string (c.net, rv, "counter");

  assert_string_equal (dot, again);
  assert_int_equal (count (dot, "label=\"1, 2: create inc\""), 1);
  assert_int_equal (count (dot, "label=\"3, 4: read counter (begin)\""), 1);
  assert_int_equal (count (dot, "label=\"5: read counter (end)\""), 1);
  assert_int_equal (count (dot, "label=\"6: write counter (begin)\""), 1);
  assert_int_equal (count (dot, "label=\"write counter (end)\""), 0);   /* not fired */
  assert_int_equal (count (dot, "fillcolor=salmon"), 2);
  assert_int_equal (count (dot, "label=\"Read_counter\\n●\""), 1);
  assert_int_equal (count (dot, "label=\"Write_counter\\n●\""), 1);
  assert_non_null (strstr (dot, "the transitions the witness fires only"));
  checked_clear (&c);
}

/* The sequence diagram: one header and one final box per thread, one box per step in
 * the lane of its thread, one dashed arrow per create step, two racing steps. */
static void
test_witness_sequence (void **state)
{
  Checked c = check_example ("counter.sml");
  const RfRaceVerdict *rv = g_ptr_array_index (c.verdicts, 0);
  g_autofree char *dot = rf_dot_witness_sequence_to_string (c.net, rv, "counter");
  g_autofree char *again = rf_dot_witness_sequence_to_string (c.net, rv, "counter");

  assert_string_equal (dot, again);
  assert_int_equal (count (dot, "\th1\t[") + count (dot, "\th2\t[") + count (dot, "\th3\t["), 3);
  assert_null (strstr (dot, "\th4\t["));
  for (guint i = 1; i <= 6; i++)
    {
      g_autofree char *node = g_strdup_printf ("\ts%u\t[", i);
      g_autofree char *label = g_strdup_printf ("label=\"%u: ", i);
      assert_int_equal (count (dot, node), 1);
      assert_int_equal (count (dot, label), 1);
    }
  assert_null (strstr (dot, "\ts7\t["));
  assert_int_equal (count (dot, "subgraph row_"), 8);   /* header, 6 steps, end */
  assert_int_equal (count (dot, "style=dashed"), 2);     /* T1 creates T2 and T3 */
  assert_int_equal (count (dot, "fillcolor=salmon"), 4); /* 2 racing steps, 2 racing threads */
  assert_non_null (strstr (dot, "label=\"4: read counter (begin)\\ncounter.sml:12\",\n\t\t\tpenwidth=2"));
  assert_non_null (strstr (dot, "label=\"end: counter.sml:13\\nwriting counter\""));
  checked_clear (&c);
}

/* rf_dot_render: dot is the text itself; text that does not parse is an error. */
static void
test_render_text (void **state)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) same = rf_dot_render ("digraph g { a -> b }\n", "dot", &error);
  assert_non_null (same);
  assert_int_equal (g_bytes_get_size (same), strlen ("digraph g { a -> b }\n"));
  assert_memory_equal (g_bytes_get_data (same, NULL), "digraph g { a -> b }\n", g_bytes_get_size (same));

  g_autoptr (GBytes) svg = rf_dot_render ("digraph g { a -> b }\n", "svg", &error);
  assert_non_null (svg);
  assert_non_null (g_strstr_len (g_bytes_get_data (svg, NULL), g_bytes_get_size (svg), "</svg>"));

  assert_true (rf_dot_format_is_known ("dot"));
  assert_true (rf_dot_format_is_known ("pdf"));
  assert_false (rf_dot_format_is_known ("gif"));
  assert_false (rf_dot_format_is_known (NULL));
}

int
main (int argc, char **argv)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_dot_small_golden),
    cmocka_unit_test (test_dot_deterministic),
    cmocka_unit_test (test_dot_empty_net),
    cmocka_unit_test (test_dot_resets),
    cmocka_unit_test (test_dot_many_resets),
    cmocka_unit_test (test_render_formats),
    cmocka_unit_test (test_witness_net),
    cmocka_unit_test (test_witness_touched),
    cmocka_unit_test (test_witness_sequence),
    cmocka_unit_test (test_render_text),
  };

  golden_dir = argc > 1 ? argv[1] : g_getenv ("RF_GOLDEN_DIR");
  if (!golden_dir)
    golden_dir = "tests/golden";
  examples_dir = g_getenv ("RF_EXAMPLES_DIR");
  if (!examples_dir)
    examples_dir = "examples";
  return cmocka_run_group_tests (tests, NULL, NULL);
}
