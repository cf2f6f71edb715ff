/* test-sml: the SML front end -- kinds, job types, CFG shapes and diagnostics, and the
 * printer of `racefree model` read back.
 *
 * Each test parses a small program and compares a whole rendering of the resulting
 * RfProgram (or of the diagnostics) with the expected text. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>
#include "rf-program-sml.h"
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
    case RF_VAR_VALUE: return "value";
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

/* The whole program as text: vars (a value variable with its values, the index of its
 * initial one and its guard), then per job its nodes and edges (line:col). */
static char *
dump (const RfProgram *prog)
{
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < rf_program_n_vars (prog); i++)
    {
      const RfVar *v = rf_program_get_var (prog, i);
      g_string_append_printf (out, "var %s %s %u:%u", v->name, kind_name (v->kind), v->loc.line, v->loc.col);
      for (guint k = 0; k < v->n_values; k++)
        g_string_append_printf (out, "%s%" G_GINT64_FORMAT, k ? ", " : " {", v->values[k]);
      if (v->kind == RF_VAR_VALUE)
        g_string_append_printf (out, "} init %u guard %d", v->init, v->guard);
      g_string_append_c (out, '\n');
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

/* Value variables: values sorted ascending (the initial one kept by value), a guard
 * declared after; `test` and `set ... from` are one edge each, `set v = B` one edge
 * per value of v, all to the same node. */
static void
test_values (void **state)
{
  g_autofree char *got = parse_dump (
    "value turn {2, -1, 0} = 0 of t_;\n"
    "value flag {1} = 1;\n"
    "shared t_;\n"
    "main {\n"
    "  test turn == -1;\n"
    "  set turn = 2 from 0;\n"
    "  set turn = 0;\n"
    "  set flag = 1 from 1;\n"
    "  read t_;\n"
    "}\n");
  assert_string_equal (got,
    "var turn value 1:7 {-1, 0, 2} init 1 guard 2\n"
    "var flag value 2:7 {1} init 0 guard -1\n"
    "var t_ data 3:8\n"
    "job main count 1 entry 0\n"
    "  node 0 5:3\n"
    "  node 1 6:3\n"
    "  node 2 7:3\n"
    "  node 3 8:3\n"
    "  node 4 9:3\n"
    "  node 5 10:1\n"
    "  0 -> 1 test turn == -1 5:3\n"
    "  1 -> 2 set turn = 2 from 0 6:3\n"
    "  2 -> 3 set turn = 0 from -1 7:3\n"
    "  2 -> 3 test turn == 0 7:3\n"
    "  2 -> 3 set turn = 0 from 2 7:3\n"
    "  3 -> 4 test flag == 1 8:3\n"
    "  4 -> 5 read t_ 9:3\n");
}

/* The values of tests and sets must be the variable's; a `shared` name is not a value
 * variable; `==` and `=` are not interchangeable. */
static void
test_value_errors (void **state)
{
  g_autofree char *got = parse_errors (
    "shared x;\n"
    "value v {0, 1} = 0;\n"
    "main { test v == 2; set x = 1; set v = 1 from 1; test v = 1; }\n", 3, RF_INPUT_ERROR_SYNTAX);
  assert_string_equal (got,
    "t.sml:3:57: error: syntax error, unexpected '=', expecting '=='\n"
    " 3 | main { test v == 2; set x = 1; set v = 1 from 1; test v = 1; }\n"
    "   |                                                         ^\n"
    "t.sml:3:18: error: 2 is not one of the values of 'v'\n"
    " 3 | main { test v == 2; set x = 1; set v = 1 from 1; test v = 1; }\n"
    "   |                  ^\n"
    "t.sml:2:7: note: 'v' declared here\n"
    " 2 | value v {0, 1} = 0;\n"
    "   |       ^\n"
    "t.sml:3:25: error: 'x' is used as a value variable here, but declared 'shared' "
    "(a value variable is declared with 'value')\n"
    " 3 | main { test v == 2; set x = 1; set v = 1 from 1; test v = 1; }\n"
    "   |                         ^\n"
    "t.sml:1:8: note: 'x' declared here\n"
    " 1 | shared x;\n"
    "   |        ^\n");
}

/* The lines of TEXT up to its first empty line (a printed model's declarations). */
static char *
head_lines (const char *text)
{
  const char *end = strstr (text, "\n\n");
  return g_strndup (text, end ? (gsize) (end - text) : strlen (text));
}

static gint
str_ptr_cmp (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Per job, its operations other than skips as "job: op", sorted (printing adds
 * gotos, so the CFGs of a model read back differ by skips only). */
static char *
ops (const RfProgram *prog)
{
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < rf_program_n_jobs (prog); i++)
    {
      const RfJob *j = rf_program_get_job (prog, i);
      for (guint e = 0; e < j->edges->len; e++)
        {
          const RfEdge *ed = &g_array_index (j->edges, RfEdge, e);
          if (ed->op == RF_OP_SKIP)
            continue;
          g_autofree char *text = rf_program_edge_to_string (prog, ed);
          g_ptr_array_add (lines, g_strdup_printf ("%s: %s", j->name, text));
        }
    }
  g_ptr_array_sort (lines, str_ptr_cmp);
  g_ptr_array_add (lines, NULL);
  return g_strjoinv ("\n", (char **) lines->pdata);
}

/* A program with value variables, built as the C front end would (names that are
 * keywords or no identifiers, a guard declared after its variable), printed as SML (for
 * `racefree model`): it reads back as the same variables and operations, and prints
 * back the same declarations (without the comments on the original names). */
static void
test_value_round_trip (void **state)
{
  g_autoptr (RfProgram) prog = rf_program_new ();
  const gint64 set_values[] = { -2, 0, 3 }, from_values[] = { 0, 1 };
  guint set = rf_program_add_value (prog, "set", RF_LOC_NONE, set_values, 3, 2, 2);
  guint from = rf_program_add_value (prog, "from", RF_LOC_NONE, from_values, 2, 0, 3);
  guint test = rf_program_add_var (prog, "test", RF_VAR_DATA, RF_LOC_NONE);
  guint q_data = rf_program_add_var (prog, "q.data", RF_VAR_DATA, RF_LOC_NONE);
  RfJob *m = rf_program_get_job (prog, rf_program_add_job (prog, "main", RF_LOC_NONE, RF_START_COUNT, 1));
  for (guint n = 0; n < 5; n++)
    rf_job_add_node (m, RF_LOC_NONE);
  /* arg2 = from * n_values + to, as indices */
  rf_job_add_edge (m, 0, 1, RF_OP_VALUE, set, 2 * 3 + 1, RF_LOC_NONE, NULL);   /* set = 0 from 3 */
  rf_job_add_edge (m, 0, 1, RF_OP_VALUE, set, 0 * 3 + 1, RF_LOC_NONE, NULL);   /* set = 0 from -2 */
  rf_job_add_edge (m, 0, 1, RF_OP_VALUE, set, 1 * 3 + 1, RF_LOC_NONE, NULL);   /* set == 0 */
  rf_job_add_edge (m, 1, 2, RF_OP_WRITE, test, -1, RF_LOC_NONE, NULL);
  rf_job_add_edge (m, 2, 3, RF_OP_VALUE, from, 1 * 2 + 1, RF_LOC_NONE, NULL);  /* from == 1 */
  rf_job_add_edge (m, 3, 2, RF_OP_VALUE, from, 1 * 2 + 0, RF_LOC_NONE, NULL);  /* from = 0 from 1 */
  rf_job_add_edge (m, 2, 4, RF_OP_VALUE, set, 1 * 3 + 0, RF_LOC_NONE, NULL);   /* set = -2 from 0 */
  RfJob *t = rf_program_get_job (prog, rf_program_add_job (prog, "t", RF_LOC_NONE, RF_START_COUNT, 2));
  for (guint n = 0; n < 3; n++)
    rf_job_add_node (t, RF_LOC_NONE);
  rf_job_add_edge (t, 0, 1, RF_OP_WRITE, q_data, -1, RF_LOC_NONE, NULL);
  rf_job_add_edge (t, 1, 2, RF_OP_VALUE, from, 0 * 2 + 1, RF_LOC_NONE, NULL);  /* from = 1 from 0 */
  assert_true (rf_program_is_valid (prog));

  g_autofree char *sml = rf_program_to_sml (prog);
  g_autofree char *decls = head_lines (sml);
  assert_string_equal (decls,
    "// Program model extracted by racefree: one labelled statement per program\n"
    "// location; every choice the analysis cannot decide is `if (*)`.\n"
    "value set_ {-2, 0, 3} = 3 of test_;  // set\n"
    "value from_ {0, 1} = 0 of q_data;  // from\n"
    "shared test_;  // test\n"
    "shared q_data;  // q.data");

  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (RfProgram) back = rf_sml_parse ("model.sml", sml, diags, NULL);
  assert_non_null (back);
  assert_int_equal (rf_program_n_vars (back), rf_program_n_vars (prog));
  for (guint v = 0; v < rf_program_n_vars (prog); v++)
    {
      const RfVar *a = rf_program_get_var (prog, v), *b = rf_program_get_var (back, v);
      assert_int_equal (a->kind, b->kind);
      assert_int_equal (a->n_values, b->n_values);
      for (guint k = 0; k < a->n_values; k++)
        assert_true (a->values[k] == b->values[k]);
      assert_int_equal (a->init, b->init);
      assert_int_equal (a->guard, b->guard);
    }
  g_autofree char *ops_back = ops (back);
  assert_string_equal (ops_back,
    "main: set from_ = 0 from 1\n"
    "main: set set_ = -2 from 0\n"
    "main: set set_ = 0 from -2\n"
    "main: set set_ = 0 from 3\n"
    "main: test from_ == 1\n"
    "main: test set_ == 0\n"
    "main: write test_\n"
    "t: set from_ = 1 from 0\n"
    "t: write q_data");

  /* read back, the mangled names are the names: the comments go, nothing else */
  g_autofree char *sml2 = rf_program_to_sml (back);
  g_autofree char *decls2 = head_lines (sml2);
  assert_string_equal (decls2,
    "// Program model extracted by racefree: one labelled statement per program\n"
    "// location; every choice the analysis cannot decide is `if (*)`.\n"
    "value set_ {-2, 0, 3} = 3 of test_;\n"
    "value from_ {0, 1} = 0 of q_data;\n"
    "shared test_;\n"
    "shared q_data;");
  g_autoptr (RfProgram) again = rf_sml_parse ("model2.sml", sml2, diags, NULL);
  assert_non_null (again);
  g_autofree char *ops_again = ops (again);
  assert_string_equal (ops_again, ops_back);
  assert_int_equal (rf_diags_n_errors (diags), 0);
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
    cmocka_unit_test (test_values),
    cmocka_unit_test (test_value_errors),
    cmocka_unit_test (test_value_round_trip),
    cmocka_unit_test (test_lexical_errors),
    cmocka_unit_test (test_missing_file),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
