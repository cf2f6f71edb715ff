/* test-sml: the SML front end -- kinds, job types, CFG shapes and diagnostics.
 *
 * Each test parses a small program and compares a whole rendering of the resulting
 * RfProgram (or of the diagnostics) with the expected text. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>
#include "rf-sml.h"

static const char *
kind_name (RfVarKind kind)
{
  switch (kind)
    {
    case RF_VAR_DATA: return "data";
    case RF_VAR_LOCK: return "lock";
    case RF_VAR_COND: return "cond";
    case RF_VAR_SEM: return "sem";
    case RF_VAR_RWLOCK: return "rwlock";
    }
  return "?";
}

static const char *
start_name (RfStartKind start)
{
  switch (start)
    {
    case RF_START_NONE: return "none";
    case RF_START_COUNT: return "count";
    case RF_START_ANY: return "any";
    }
  return "?";
}

/* The whole program as text: vars, then per job its nodes and edges (line:col). */
static char *
dump (const RfProgram *prog)
{
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < rf_program_n_vars (prog); i++)
    {
      const RfVar *v = rf_program_get_var (prog, i);
      g_string_append_printf (out, "var %s %s %u:%u\n", v->name, kind_name (v->kind), v->loc.line, v->loc.col);
    }
  for (guint i = 0; i < rf_program_n_jobs (prog); i++)
    {
      const RfJob *j = rf_program_get_job (prog, i);
      g_string_append_printf (out, "job %s %s %u entry %u\n", j->name, start_name (j->start), j->count, j->entry);
      for (guint n = 0; n < j->nodes->len; n++)
        {
          RfLoc l = g_array_index (j->nodes, RfLoc, n);
          g_string_append_printf (out, "  node %u %u:%u\n", n, l.line, l.col);
        }
      for (guint e = 0; e < j->edges->len; e++)
        {
          const RfEdge *ed = &g_array_index (j->edges, RfEdge, e);
          g_autofree char *text = rf_program_edge_to_string (prog, ed);
          g_string_append_printf (out, "  %u -> %u %s %u:%u\n", ed->from, ed->to, text, ed->loc.line, ed->loc.col);
        }
    }
  return g_string_free (out, FALSE);
}

/* Parses TEXT, which must be correct, and returns dump(). */
static char *
parse_dump (const char *text)
{
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RfProgram) prog = rf_sml_parse ("t.sml", text, diags, &error);
  if (!prog)
    {
      g_autoptr (GString) out = g_string_new (NULL);
      rf_diags_render (diags, out);
      fail_msg ("unexpected errors:\n%s", out->str);
    }
  assert_null (error);
  assert_int_equal (rf_diags_n_errors (diags), 0);
  assert_true (rf_program_is_valid (prog));
  return dump (prog);
}

/* Parses TEXT, which must fail with N errors and error code CODE; returns the
 * rendered diagnostics. */
static char *
parse_errors (const char *text, guint n, RfInputError code)
{
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RfProgram) prog = rf_sml_parse ("t.sml", text, diags, &error);
  assert_null (prog);
  assert_non_null (error);
  assert_true (g_error_matches (error, RF_INPUT_ERROR, code));
  g_autofree char *msg = g_strdup_printf ("%u error%s", n, n == 1 ? "" : "s");
  assert_string_equal (error->message, msg);
  assert_int_equal (rf_diags_n_errors (diags), n);
  GString *out = g_string_new (NULL);
  rf_diags_render (diags, out);
  return g_string_free (out, FALSE);
}

/* The paper's form: every object declared `shared`, kinds inferred from use; an
 * unused name is data. Vars keep declaration order. */
static void
test_kinds_inferred (void **state)
{
  g_autofree char *got = parse_dump (
    "shared buf, m, notEmpty, unused;\n"
    "main {\n"
    "  acquire m;\n"
    "  wait notEmpty, m;\n"
    "  read buf;\n"
    "  release m;\n"
    "}\n");
  assert_string_equal (got,
    "var buf data 1:8\n"
    "var m lock 1:13\n"
    "var notEmpty cond 1:16\n"
    "var unused data 1:26\n"
    "job main count 1 entry 0\n"
    "  node 0 3:3\n"
    "  node 1 4:3\n"
    "  node 2 5:3\n"
    "  node 3 6:3\n"
    "  node 4 7:1\n"
    "  0 -> 1 acquire m 3:3\n"
    "  1 -> 2 wait notEmpty, m 4:3\n"
    "  2 -> 3 read buf 5:3\n"
    "  3 -> 4 release m 6:3\n");
}

/* Declared kinds, several declarations, job types in source order with their
 * start clauses; an empty body is one node, entry and exit at once. */
static void
test_jobs_and_starts (void **state)
{
  g_autofree char *got = parse_dump (
    "lock L;\n"
    "cond c, d;\n"
    "shared x;\n"
    "thread a { }\n"
    "thread b [3] { signal c; }\n"
    "main { create a; }\n"
    "thread d [*] { broadcast d; }\n");
  assert_string_equal (got,
    "var L lock 1:6\n"
    "var c cond 2:6\n"
    "var d cond 2:9\n"
    "var x data 3:8\n"
    "job a none 0 entry 0\n"
    "  node 0 4:12\n"
    "job b count 3 entry 0\n"
    "  node 0 5:16\n"
    "  node 1 5:26\n"
    "  0 -> 1 signal c 5:16\n"
    "job main count 1 entry 0\n"
    "  node 0 6:8\n"
    "  node 1 6:18\n"
    "  0 -> 1 create a 6:8\n"
    "job d any 0 entry 0\n"
    "  node 0 7:16\n"
    "  node 1 7:29\n"
    "  0 -> 1 broadcast d 7:16\n");
}

/* Branches and loops: one SKIP edge per branch, a loop head with enter/exit edges
 * and the body's end going back to it; blocks add no edges; the dangling else
 * belongs to the inner if. */
static void
test_control_flow (void **state)
{
  g_autofree char *got = parse_dump (
    "shared x;\n"
    "main {\n"
    "  while (*) {\n"
    "    if (*) if (*) read x; else write x;\n"
    "  }\n"
    "  { skip; }\n"
    "}\n");
  assert_string_equal (got,
    "var x data 1:8\n"
    "job main count 1 entry 0\n"
    "  node 0 3:3\n"
    "  node 1 4:5\n"
    "  node 2 4:12\n"
    "  node 3 4:19\n"
    "  node 4 4:32\n"
    "  node 5 6:5\n"
    "  node 6 7:1\n"
    "  0 -> 1 while (*): enter 3:3\n"
    "  0 -> 5 while (*): exit 3:3\n"
    "  1 -> 2 if (*): then 4:5\n"
    "  1 -> 0 if (*): else 4:5\n"
    "  2 -> 3 if (*): then 4:12\n"
    "  2 -> 4 if (*): else 4:12\n"
    "  3 -> 0 read x 4:19\n"
    "  4 -> 0 write x 4:32\n"
    "  5 -> 6 skip 6:5\n");
}

/* while (true) needs no edge of its own and nothing falls through it; goto jumps
 * backward and forward to the label's node. */
static void
test_loop_and_goto (void **state)
{
  g_autofree char *got = parse_dump (
    "shared x;\n"
    "lock m;\n"
    "thread t [*] {\n"
    "top:\n"
    "  acquire m;\n"
    "  if (*) goto out;\n"
    "  write x;\n"
    "  goto top;\n"
    "out:\n"
    "  release m;\n"
    "  while (true) { read x; }\n"
    "}\n");
  assert_string_equal (got,
    "var x data 1:8\n"
    "var m lock 2:6\n"
    "job t any 0 entry 0\n"
    "  node 0 4:1\n"
    "  node 1 6:3\n"
    "  node 2 6:10\n"
    "  node 3 7:3\n"
    "  node 4 8:3\n"
    "  node 5 9:1\n"
    "  node 6 11:3\n"
    "  0 -> 1 acquire m 5:3\n"
    "  1 -> 2 if (*): then 6:3\n"
    "  1 -> 3 if (*): else 6:3\n"
    "  2 -> 5 goto out 6:10\n"
    "  3 -> 4 write x 7:3\n"
    "  4 -> 0 goto top 8:3\n"
    "  5 -> 6 release m 10:3\n"
    "  6 -> 6 read x 11:18\n");
}

/* Comments, tabs (one column each) and a job whose only statement is empty. */
static void
test_comments_and_columns (void **state)
{
  g_autofree char *got = parse_dump (
    "// line comment\n"
    "shared /* inline */ x;\n"
    "/* a\n"
    "   block */ main {\n"
    "\tread\tx; {}\n"
    "}\n");
  assert_string_equal (got,
    "var x data 2:21\n"
    "job main count 1 entry 0\n"
    "  node 0 5:2\n"
    "  node 1 6:1\n"
    "  0 -> 1 read x 5:2\n");
}

/* Syntax errors are recovered from at ';' and '}' and the checks still run; a
 * token missing at the end of a line is reported there. */
static void
test_syntax_errors (void **state)
{
  g_autofree char *got = parse_errors (
    "shared x;\n"
    "main {\n"
    "  read x\n"
    "  write x;\n"
    "  if (*) { read } else read y;\n"
    "}\n", 3, RF_INPUT_ERROR_SYNTAX);
  assert_string_equal (got,
    "t.sml:3:9: error: syntax error, unexpected 'write', expecting ';'\n"
    " 3 |   read x\n"
    "   |         ^\n"
    "t.sml:5:17: error: syntax error, unexpected '}', expecting identifier\n"
    " 5 |   if (*) { read } else read y;\n"
    "   |                 ^\n"
    "t.sml:5:29: error: 'y' undeclared\n"
    " 5 |   if (*) { read } else read y;\n"
    "   |                             ^\n");
}

/* A declaration broken by a syntax error keeps the names read before the error;
 * uses of unknown names are then not reported (they may be the lost ones). */
static void
test_broken_declaration (void **state)
{
  g_autofree char *got = parse_errors (
    "shared x y;\n"
    "lock m\n"
    "main { read x; read y; acquire m; acquire x; }\n", 3, RF_INPUT_ERROR_SYNTAX);
  assert_string_equal (got,
    "t.sml:1:10: error: syntax error, unexpected identifier, expecting ';' or ','\n"
    " 1 | shared x y;\n"
    "   |          ^\n"
    "t.sml:2:7: error: syntax error, unexpected 'main', expecting ';' or ','\n"
    " 2 | lock m\n"
    "   |       ^\n"
    "t.sml:3:43: error: 'x' is used as a lock here, but as data at t.sml:3:13\n"
    " 3 | main { read x; read y; acquire m; acquire x; }\n"
    "   |                                           ^\n");
}

/* An unclosed '{' is reported once, naming the line of the innermost one. */
static void
test_unclosed_brace (void **state)
{
  g_autofree char *got = parse_errors (
    "shared x;\n"
    "main {\n"
    "  while (*) {\n"
    "    read x;\n", 1, RF_INPUT_ERROR_SYNTAX);
  assert_string_equal (got,
    "t.sml:4:12: error: '}' expected (to close '{' at line 3)\n"
    " 4 |     read x;\n"
    "   |            ^\n");
}

/* A job type starting inside braces closes them: one error, and the next job
 * type is parsed and checked as usual. */
static void
test_missing_brace_before_job (void **state)
{
  g_autofree char *got = parse_errors (
    "shared x;\n"
    "thread t {\n"
    "  if (*) {\n"
    "    read x;\n"
    "main {\n"
    "  create t; create u;\n"
    "}\n", 2, RF_INPUT_ERROR_SYNTAX);
  assert_string_equal (got,
    "t.sml:4:12: error: '}' expected (to close '{' at line 3)\n"
    " 4 |     read x;\n"
    "   |            ^\n"
    "t.sml:6:20: error: unknown job type 'u'\n"
    " 6 |   create t; create u;\n"
    "   |                    ^\n");
}

/* Semantic errors: redefinitions with a note, kind conflicts of `shared` names,
 * declared kinds, unknown and forbidden create targets, labels. */
static void
test_semantic_errors (void **state)
{
  g_autofree char *got = parse_errors (
    "shared m, x;\n"
    "lock L;\n"
    "shared x;\n"
    "thread t { acquire m; read m; read L; create u; create main; goto z; }\n"
    "main { a: skip; a: skip; }\n", 7, RF_INPUT_ERROR_SEMANTIC);
  assert_string_equal (got,
    "t.sml:3:8: error: redefinition of 'x'\n"
    " 3 | shared x;\n"
    "   |        ^\n"
    "t.sml:1:11: note: previous definition here\n"
    " 1 | shared m, x;\n"
    "   |           ^\n"
    "t.sml:4:28: error: 'm' is used as data here, but as a lock at t.sml:4:20\n"
    " 4 | thread t { acquire m; read m; read L; create u; create main; goto z; }\n"
    "   |                            ^\n"
    "t.sml:4:36: error: 'L' is used as data here, but declared as a lock\n"
    " 4 | thread t { acquire m; read m; read L; create u; create main; goto z; }\n"
    "   |                                    ^\n"
    "t.sml:2:6: note: 'L' declared here\n"
    " 2 | lock L;\n"
    "   |      ^\n"
    "t.sml:4:46: error: unknown job type 'u'\n"
    " 4 | thread t { acquire m; read m; read L; create u; create main; goto z; }\n"
    "   |                                              ^\n"
    "t.sml:4:56: error: cannot create 'main'\n"
    " 4 | thread t { acquire m; read m; read L; create u; create main; goto z; }\n"
    "   |                                                        ^\n"
    "t.sml:4:67: error: label 'z' used but not defined\n"
    " 4 | thread t { acquire m; read m; read L; create u; create main; goto z; }\n"
    "   |                                                                   ^\n"
    "t.sml:5:17: error: redefinition of label 'a'\n"
    " 5 | main { a: skip; a: skip; }\n"
    "   |                 ^\n"
    "t.sml:5:8: note: previous definition here\n"
    " 5 | main { a: skip; a: skip; }\n"
    "   |        ^\n");
}

/* Semaphores: declared with `sem` (or inferred from a `shared` name), `post` adds a
 * token, `take` waits for one; a semaphore used as anything else is an error. */
static void
test_semaphores (void **state)
{
  g_autofree char *got = parse_dump (
    "sem ready;\n"
    "shared x, s;\n"
    "thread t { write x; post ready; }\n"
    "main { create t; take ready; post s; read x; }\n");
  assert_string_equal (got,
    "var ready sem 1:5\n"
    "var x data 2:8\n"
    "var s sem 2:11\n"
    "job t none 0 entry 0\n"
    "  node 0 3:12\n"
    "  node 1 3:21\n"
    "  node 2 3:33\n"
    "  0 -> 1 write x 3:12\n"
    "  1 -> 2 post ready 3:21\n"
    "job main count 1 entry 0\n"
    "  node 0 4:8\n"
    "  node 1 4:18\n"
    "  node 2 4:30\n"
    "  node 3 4:38\n"
    "  node 4 4:46\n"
    "  0 -> 1 create t 4:8\n"
    "  1 -> 2 take ready 4:18\n"
    "  2 -> 3 post s 4:30\n"
    "  3 -> 4 read x 4:38\n");
  g_autofree char *err = parse_errors (
    "sem s;\n"
    "lock m;\n"
    "main { acquire s; take m; }\n", 2, RF_INPUT_ERROR_SEMANTIC);
  assert_string_equal (err,
    "t.sml:3:16: error: 's' is used as a lock here, but declared as a semaphore\n"
    " 3 | main { acquire s; take m; }\n"
    "   |                ^\n"
    "t.sml:1:5: note: 's' declared here\n"
    " 1 | sem s;\n"
    "   |     ^\n"
    "t.sml:3:24: error: 'm' is used as a semaphore here, but declared as a lock\n"
    " 3 | main { acquire s; take m; }\n"
    "   |                        ^\n"
    "t.sml:2:6: note: 'm' declared here\n"
    " 2 | lock m;\n"
    "   |      ^\n");
}

/* Read-write locks: declared with `rwlock` (or inferred from a `shared` name),
 * `rdlock`, `wrlock` and `unlock` (whose mode the net builder works out); an rwlock used
 * as a mutex, or a mutex unlocked with `unlock`, is an error. */
static void
test_rwlocks (void **state)
{
  g_autofree char *got = parse_dump (
    "rwlock rw;\n"
    "shared x, q;\n"
    "thread t { rdlock rw; read x; unlock rw; }\n"
    "main { create t; wrlock q; write x; unlock q; }\n");
  assert_string_equal (got,
    "var rw rwlock 1:8\n"
    "var x data 2:8\n"
    "var q rwlock 2:11\n"
    "job t none 0 entry 0\n"
    "  node 0 3:12\n"
    "  node 1 3:23\n"
    "  node 2 3:31\n"
    "  node 3 3:42\n"
    "  0 -> 1 rdlock rw 3:12\n"
    "  1 -> 2 read x 3:23\n"
    "  2 -> 3 unlock rw 3:31\n"
    "job main count 1 entry 0\n"
    "  node 0 4:8\n"
    "  node 1 4:18\n"
    "  node 2 4:28\n"
    "  node 3 4:37\n"
    "  node 4 4:47\n"
    "  0 -> 1 create t 4:8\n"
    "  1 -> 2 wrlock q 4:18\n"
    "  2 -> 3 write x 4:28\n"
    "  3 -> 4 unlock q 4:37\n");
  g_autofree char *err = parse_errors (
    "rwlock rw;\n"
    "lock m;\n"
    "main { acquire rw; unlock m; }\n", 2, RF_INPUT_ERROR_SEMANTIC);
  assert_string_equal (err,
    "t.sml:3:16: error: 'rw' is used as a lock here, but declared as a read-write lock\n"
    " 3 | main { acquire rw; unlock m; }\n"
    "   |                ^\n"
    "t.sml:1:8: note: 'rw' declared here\n"
    " 1 | rwlock rw;\n"
    "   |        ^\n"
    "t.sml:3:27: error: 'm' is used as a read-write lock here, but declared as a lock\n"
    " 3 | main { acquire rw; unlock m; }\n"
    "   |                           ^\n"
    "t.sml:2:6: note: 'm' declared here\n"
    " 2 | lock m;\n"
    "   |      ^\n");
}

/* Lexical errors: a stray character, then an unterminated comment ends the input
 * (without a second complaint about the unclosed '{'). */
static void
test_lexical_errors (void **state)
{
  g_autofree char *got = parse_errors (
    "shared x;\n"
    "main { read x; $\n"
    "  /* never closed\n"
    "}\n", 2, RF_INPUT_ERROR_SYNTAX);
  assert_string_equal (got,
    "t.sml:2:16: error: stray '$' in program\n"
    " 2 | main { read x; $\n"
    "   |                ^\n"
    "t.sml:3:3: error: unterminated comment\n"
    " 3 |   /* never closed\n"
    "   |   ^\n");
}

/* A missing file is an I/O error without diagnostics. */
static void
test_missing_file (void **state)
{
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RfProgram) prog = rf_sml_parse_file ("/nonexistent/x.sml", diags, &error);
  assert_null (prog);
  assert_true (g_error_matches (error, RF_INPUT_ERROR, RF_INPUT_ERROR_IO));
  assert_int_equal (rf_diags_n_errors (diags), 0);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_kinds_inferred),
    cmocka_unit_test (test_jobs_and_starts),
    cmocka_unit_test (test_control_flow),
    cmocka_unit_test (test_loop_and_goto),
    cmocka_unit_test (test_comments_and_columns),
    cmocka_unit_test (test_syntax_errors),
    cmocka_unit_test (test_broken_declaration),
    cmocka_unit_test (test_unclosed_brace),
    cmocka_unit_test (test_missing_brace_before_job),
    cmocka_unit_test (test_semantic_errors),
    cmocka_unit_test (test_semaphores),
    cmocka_unit_test (test_rwlocks),
    cmocka_unit_test (test_lexical_errors),
    cmocka_unit_test (test_missing_file),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
