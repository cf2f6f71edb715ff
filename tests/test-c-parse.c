/* test-c-parse: the C front end's first stage -- preprocessing, typedef names and
 * scopes, GNU extensions, located syntax errors, and the AST dumper.
 *
 * Inline programs are written to a temporary directory and parsed from there under
 * relative names, so the expected outputs do not depend on where the test runs.
 * tests/c/NAME.c files are compared with the golden files tests/golden/c-parse/NAME.dump
 * (RF_UPDATE_GOLDEN=1 rewrites them). Every comparison is on the whole dump or the whole diagnostics. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>
#include "rf-c.h"

/* Parses FILES (relative to DIR) with OPTS; returns the rendered diagnostics, and
 * the user-only dump in *DUMP (NULL when the parse failed). */
static char *
parse_in (const char *dir, const char *const *files, const RfCOptions *opts, char **dump)
{
  g_autofree char *cwd = g_get_current_dir ();
  assert_int_equal (g_chdir (dir), 0);
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RfCUnit) unit = rf_c_parse_files (files, opts, diags, &error);
  assert_int_equal (g_chdir (cwd), 0);
  GString *out = g_string_new (NULL);
  rf_diags_render (diags, out);
  if (unit)
    {
      assert_null (error);
      assert_int_equal (rf_diags_n_errors (diags), 0);
    }
  else
    {
      assert_non_null (error);
      g_autofree char *count = g_strdup_printf ("%u error%s", rf_diags_n_errors (diags),
                                                rf_diags_n_errors (diags) == 1 ? "" : "s");
      assert_string_equal (error->message, count);
    }
  *dump = unit ? rf_c_unit_dump (unit, TRUE) : NULL;
  return g_string_free (out, FALSE);
}

/* A temporary directory holding NAME with TEXT. Owned; remove with rm_tmp. */
static char *
tmp_with (const char *name, const char *text)
{
  char *dir = g_dir_make_tmp ("rf-c-XXXXXX", NULL);
  assert_non_null (dir);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  assert_true (g_file_set_contents (path, text, -1, NULL));
  return dir;
}

static void
rm_tmp (char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_remove (path);
    }
  g_rmdir (dir);
  g_free (dir);
}

/* Parses TEXT as t.c; it must parse without any diagnostic. Returns the dump. */
static char *
dump_of (const char *text)
{
  char *dir = tmp_with ("t.c", text);
  const char *files[] = { "t.c", NULL };
  char *dump = NULL;
  g_autofree char *diags = parse_in (dir, files, NULL, &dump);
  rm_tmp (dir);
  if (*diags)
    fail_msg ("unexpected diagnostics:\n%s", diags);
  assert_non_null (dump);
  return dump;
}

/* Parses TEXT as t.c, which must fail; returns the rendered diagnostics. */
static char *
errors_of (const char *text)
{
  char *dir = tmp_with ("t.c", text);
  const char *files[] = { "t.c", NULL };
  g_autofree char *dump = NULL;
  char *diags = parse_in (dir, files, NULL, &dump);
  rm_tmp (dir);
  assert_null (dump);
  return diags;
}

/* tests/c/NAME.c must parse cleanly; its dump must equal the golden file
 * tests/golden/c-parse/NAME.dump (RF_UPDATE_GOLDEN=1 rewrites it). */
static void
check_golden (const char *name)
{
  const char *dir = g_getenv ("RF_C_TEST_DIR");
  assert_non_null (dir);
  g_autofree char *c = g_strconcat (name, ".c", NULL);
  const char *files[] = { c, NULL };
  g_autofree char *dump = NULL;
  g_autofree char *diags = parse_in (dir, files, NULL, &dump);
  if (*diags)
    fail_msg ("unexpected diagnostics:\n%s", diags);
  const char *golden_dir = g_getenv ("RF_GOLDEN_DIR");
  assert_non_null (golden_dir);
  g_autofree char *dump_name = g_strconcat (name, ".dump", NULL);
  g_autofree char *golden = g_build_filename (golden_dir, "c-parse", dump_name, NULL);
  if (g_strcmp0 (g_getenv ("RF_UPDATE_GOLDEN"), "1") == 0)
    assert_true (g_file_set_contents (golden, dump, -1, NULL));
  g_autofree char *expected = NULL;
  assert_true (g_file_get_contents (golden, &expected, NULL, NULL));
  assert_string_equal (dump, expected);
}

/* ---- (a) libc headers ---- */

static void
test_headers (void **state)
{
  const char *dir = g_getenv ("RF_C_TEST_DIR");
  assert_non_null (dir);
  const char *files[] = { "headers.c", NULL };
  g_autofree char *dump = NULL;
  g_autofree char *diags = parse_in (dir, files, NULL, &dump);
  assert_string_equal (diags, "");
  /* Only the user's declarations are dumped: their first lines. */
  g_autoptr (GString) top = g_string_new (NULL);
  g_auto (GStrv) lines = g_strsplit (dump, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (lines[i][0] != ' ' || (lines[i][1] == ' ' && lines[i][2] != ' '))
      g_string_append_printf (top, "%s\n", lines[i]);
  assert_string_equal (top->str,
    "file headers.c\n"
    "  typedef shared_t: struct <anonymous> @23:3\n"
    "  static global shared: shared_t @25:17\n"
    "  static global hits: atomic_int @26:19\n"
    "  static global slots: sem_t @27:14\n"
    "  static global seed: unsigned int thread-local @28:31\n"
    "  function worker: function(pointer to void) returning pointer to void @31:1\n"
    "  function main: function(void) returning int @48:1\n"
    "\n");
}

/* ---- (b) typedef names and scopes ---- */

static void
test_typedef_golden (void **state)
{
  check_golden ("typedefs");
}

static void
test_typedef_shadowed_in_block (void **state)
{
  g_autofree char *dump = dump_of ("typedef int T;\nvoid f(void) { int T; T = 1; }\nT x;\n");
  assert_string_equal (dump,
    "file t.c\n"
    "  typedef T: int @1:13\n"
    "  function f: function(void) returning void @2:6\n"
    "    compound @2:14\n"
    "      declaration @2:16\n"
    "        local T: int @2:20\n"
    "      expression @2:23\n"
    "        assign = @2:25\n"
    "          ident T [local] @2:23\n"
    "          int 1 @2:27\n"
    "  global x: T @3:3\n");
}

static void
test_typedef_star_is_declaration (void **state)
{
  /* `T * x;` declares x when T is a typedef, multiplies when it is a variable. */
  g_autofree char *dump = dump_of ("typedef int T;\nint a, b;\n"
                                   "void f(void) { T * x; a * b; }\n"
                                   "void g(int T) { T * a; }\n");
  assert_string_equal (dump,
    "file t.c\n"
    "  typedef T: int @1:13\n"
    "  global a: int @2:5\n"
    "  global b: int @2:8\n"
    "  function f: function(void) returning void @3:6\n"
    "    compound @3:14\n"
    "      declaration @3:16\n"
    "        local x: pointer to T @3:20\n"
    "      expression @3:23\n"
    "        binary * @3:25\n"
    "          ident a [global] @3:23\n"
    "          ident b [global] @3:27\n"
    "  function g: function(int) returning void @4:6\n"
    "    param T: int @4:12\n"
    "    compound @4:15\n"
    "      expression @4:17\n"
    "        binary * @4:19\n"
    "          ident T [param] @4:17\n"
    "          ident a [global] @4:21\n");
}

static void
test_typedef_scope_ends (void **state)
{
  /* A block's typedef ends with the block; a prototype's parameter does not
   * hide the typedef after it; members do not shadow typedefs. */
  g_autofree char *dump = dump_of ("typedef int T;\n"
                                   "void f(void) { { typedef char *T; T p; } T n; }\n"
                                   "void g(long T);\n"
                                   "struct S { T T; };\n"
                                   "T m;\n");
  assert_string_equal (dump,
    "file t.c\n"
    "  typedef T: int @1:13\n"
    "  function f: function(void) returning void @2:6\n"
    "    compound @2:14\n"
    "      compound @2:16\n"
    "        declaration @2:18\n"
    "          typedef T: pointer to char @2:32\n"
    "        declaration @2:35\n"
    "          local p: T @2:37\n"
    "      declaration @2:42\n"
    "        local n: T @2:44\n"
    "  function g: function(long) returning void @3:6\n"
    "  tag struct S @4:1\n"
    "    member T: T @4:14\n"
    "  global m: T @5:3\n");
}

/* ---- (c) GNU extensions ---- */

static void
test_gnu_golden (void **state)
{
  check_golden ("gnu");
}

/* ---- (d) syntax errors ---- */

static void
test_errors_several (void **state)
{
  g_autofree char *diags = errors_of (
    "#include <pthread.h>\n"
    "\n"
    "int counter\n"
    "\n"
    "void *inc(void *arg) {\n"
    "  int x = 1 +;\n"
    "  counter++;\n"
    "  pthread_mutex_lock(&m)\n"
    "  return NULL;\n"
    "}\n"
    "\n"
    "int main(void) {\n"
    "  pthread_t t;\n"
    "  pthread_create(&t, NULL, inc, NULL) @;\n"
    "  return 0;\n");
  assert_string_equal (diags,
    "t.c:3:12: error: syntax error, unexpected 'void', expecting ';'\n"
    " 3 | int counter\n"
    "   |            ^\n"
    "t.c:6:14: error: syntax error, unexpected ';'\n"
    " 6 |   int x = 1 +;\n"
    "   |              ^\n"
    "t.c:8:25: error: syntax error, unexpected 'return', expecting ';'\n"
    " 8 |   pthread_mutex_lock(&m)\n"
    "   |                         ^\n"
    "t.c:14:39: error: stray '@' in program\n"
    " 14 |   pthread_create(&t, NULL, inc, NULL) @;\n"
    "    |                                       ^\n"
    "t.c:15:12: error: '}' expected (to close '{' at line 12)\n"
    " 15 |   return 0;\n"
    "    |            ^\n");
}

static void
test_errors_after_macros (void **state)
{
  /* Columns are the user's, even on lines with macro expansions. */
  g_autofree char *diags = errors_of (
    "#define TWICE(x) ((x) + (x))\n"
    "int f(int a) { return TWICE(1) a; }\n"
    "struct S { int x; int y } s;\n"
    "int g(void) { if (1) { return 1 } return 0; }\n");
  assert_string_equal (diags,
    "t.c:2:32: error: syntax error, unexpected identifier, expecting ';'\n"
    " 2 | int f(int a) { return TWICE(1) a; }\n"
    "   |                                ^\n"
    "t.c:3:25: error: syntax error, unexpected '}', expecting ';'\n"
    " 3 | struct S { int x; int y } s;\n"
    "   |                         ^\n"
    "t.c:4:33: error: syntax error, unexpected '}', expecting ';'\n"
    " 4 | int g(void) { if (1) { return 1 } return 0; }\n"
    "   |                                 ^\n");
}

static void
test_errors_in_header (void **state)
{
  /* An error in a user header is located there, with its line. */
  char *dir = tmp_with ("t.c", "#include \"h.h\"\nint x;\n");
  g_autofree char *h = g_build_filename (dir, "h.h", NULL);
  assert_true (g_file_set_contents (h, "/* header */\nint y = ;\n", -1, NULL));
  const char *files[] = { "t.c", NULL };
  g_autofree char *dump = NULL;
  g_autofree char *diags = parse_in (dir, files, NULL, &dump);
  rm_tmp (dir);
  assert_null (dump);
  assert_string_equal (diags,
    "h.h:2:9: error: syntax error, unexpected ';'\n"
    " 2 | int y = ;\n"
    "   |         ^\n");
}

static void
test_errors_preprocessor (void **state)
{
  g_autofree char *diags = errors_of ("#include \"missing.h\"\nint x;\n#error stop here\n");
  assert_string_equal (diags,
    "t.c:1:10: error: missing.h: No such file or directory\n"
    " 1 | #include \"missing.h\"\n"
    "   |          ^\n");
}

/* ---- preprocessor options ---- */

static void
test_options (void **state)
{
  char *dir = tmp_with ("t.c", "#include <inc.h>\n#ifndef FOO\n#error no FOO\n#endif\n"
                               "#ifdef BAR\n#error BAR\n#endif\nint v = FOO + Z;\n");
  g_autofree char *sub = g_build_filename (dir, "inc", NULL);
  g_mkdir (sub, 0700);
  g_autofree char *h = g_build_filename (sub, "inc.h", NULL);
  assert_true (g_file_set_contents (h, "#define Z 2\n", -1, NULL));
  const char *incs[] = { "inc", NULL };
  const char *defs[] = { "FOO=40", "BAR", NULL };
  const char *undefs[] = { "BAR", NULL };
  RfCOptions opts = { .include_dirs = incs, .defines = defs, .undefs = undefs, .std = "gnu11" };
  const char *files[] = { "t.c", NULL };
  g_autofree char *dump = NULL;
  g_autofree char *diags = parse_in (dir, files, &opts, &dump);
  g_remove (h);
  g_rmdir (sub);
  rm_tmp (dir);
  assert_string_equal (diags, "");
  assert_string_equal (dump,
    "file t.c\n"
    "  global v: int @8:5\n"
    "    binary + @8:13\n"
    "      int 40 @8:9\n"
    "      int 2 @8:15\n");
}

static void
test_missing_file (void **state)
{
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  const char *files[] = { "/nonexistent/x.c", NULL };
  g_autoptr (RfCUnit) unit = rf_c_parse_files (files, NULL, diags, &error);
  assert_null (unit);
  assert_true (g_error_matches (error, RF_INPUT_ERROR, RF_INPUT_ERROR_IO));
}

static void
test_line_marker (void **state)
{
  guint line = 0, flags = 0;
  const char *file = NULL;
  const char *m = "# 12 \"dir/a\\\"b.h\" 1 3 4";
  assert_true (rf_cpp_parse_line_marker (m, strlen (m), &line, &file, &flags));
  assert_int_equal (line, 12);
  assert_string_equal (file, "dir/a\"b.h");
  assert_int_equal (flags, RF_CPP_ENTER | RF_CPP_SYSTEM | RF_CPP_EXTERN_C);
  const char *p = "#pragma GCC poison x";
  assert_false (rf_cpp_parse_line_marker (p, strlen (p), &line, &file, &flags));
}

/* Text already preprocessed is parsed as it stands: no preprocessor runs (a directive
 * other than a line marker is skipped, a macro is not expanded), line markers are
 * followed, system declarations are left out of the user dump, and errors are located
 * in the text, with carets. */
static void
test_preprocessed (void **state)
{
  const char *text =
    "# 1 \"p.c\"\n"
    "# 1 \"/usr/include/sys.h\" 1 3 4\n"
    "typedef unsigned long size_t;\n"
    "# 3 \"p.c\" 2\n"
    "#define N 3\n"
    "size_t n = N;\n";
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RfCUnit) unit = rf_c_parse_preprocessed ("p.i", text, diags, &error);
  assert_non_null (unit);
  assert_null (error);
  assert_int_equal (rf_diags_n_errors (diags) + rf_diags_n_warnings (diags), 0);
  assert_int_equal (rf_c_unit_n_files (unit), 1);
  g_autofree char *dump = rf_c_unit_dump (unit, TRUE);
  assert_string_equal (dump,
    "file p.i\n"
    "  global n: size_t @p.c:4:8\n"
    "    ident N [undeclared] @p.c:4:12\n");

  g_autoptr (RfDiags) diags2 = rf_diags_new ();
  g_autoptr (GError) error2 = NULL;
  g_autoptr (RfCUnit) bad = rf_c_parse_preprocessed ("q.i", "int a\nint b;\n", diags2, &error2);
  assert_null (bad);
  assert_true (g_error_matches (error2, RF_INPUT_ERROR, RF_INPUT_ERROR_SYNTAX));
  assert_string_equal (error2->message, "1 error");
  g_autoptr (GString) out = g_string_new (NULL);
  rf_diags_render (diags2, out);
  assert_string_equal (out->str,
    "q.i:1:6: error: syntax error, unexpected 'int', expecting ';'\n"
    " 1 | int a\n"
    "   |      ^\n");
}

/* ---- (e) the dumper ---- */

static void
test_dump_threaded (void **state)
{
  g_autofree char *dump = dump_of (
    "#include <pthread.h>\n"
    "struct account { pthread_mutex_t m; long balance; };\n"
    "static struct account acct;\n"
    "static void *deposit(void *arg) {\n"
    "  struct account *a = arg;\n"
    "  pthread_mutex_lock(&a->m);\n"
    "  a->balance += 10;\n"
    "  pthread_mutex_unlock(&a->m);\n"
    "  return 0;\n"
    "}\n"
    "int main(void) {\n"
    "  pthread_t t[2];\n"
    "  for (int i = 0; i < 2; i++)\n"
    "    pthread_create(&t[i], 0, deposit, &acct);\n"
    "  acct.balance = -1;\n"
    "  return 0;\n"
    "}\n");
  assert_string_equal (dump,
    "file t.c\n"
    "  tag struct account @2:1\n"
    "    member m: pthread_mutex_t @2:34\n"
    "    member balance: long @2:42\n"
    "  static global acct: struct account @3:23\n"
    "  function deposit: function(pointer to void) returning pointer to void @4:14\n"
    "    param arg: pointer to void @4:28\n"
    "    compound @4:33\n"
    "      declaration @5:3\n"
    "        local a: pointer to struct account @5:19\n"
    "          ident arg [param] @5:23\n"
    "      expression @6:3\n"
    "        call @6:21\n"
    "          ident pthread_mutex_lock [function] @6:3\n"
    "          unary & @6:22\n"
    "            member ->m @6:24\n"
    "              ident a [local] @6:23\n"
    "      expression @7:3\n"
    "        assign += @7:14\n"
    "          member ->balance @7:4\n"
    "            ident a [local] @7:3\n"
    "          int 10 @7:17\n"
    "      expression @8:3\n"
    "        call @8:23\n"
    "          ident pthread_mutex_unlock [function] @8:3\n"
    "          unary & @8:24\n"
    "            member ->m @8:26\n"
    "              ident a [local] @8:25\n"
    "      return @9:3\n"
    "        int 0 @9:10\n"
    "  function main: function(void) returning int @11:5\n"
    "    compound @11:16\n"
    "      declaration @12:3\n"
    "        local t: array[2] of pthread_t @12:13\n"
    "      for @13:3\n"
    "        declaration @13:8\n"
    "          local i: int @13:12\n"
    "            int 0 @13:16\n"
    "        binary < @13:21\n"
    "          ident i [local] @13:19\n"
    "          int 2 @13:23\n"
    "        unary ++ (postfix) @13:27\n"
    "          ident i [local] @13:26\n"
    "        expression @14:5\n"
    "          call @14:19\n"
    "            ident pthread_create [function] @14:5\n"
    "            unary & @14:20\n"
    "              index @14:22\n"
    "                ident t [local] @14:21\n"
    "                ident i [local] @14:23\n"
    "            int 0 @14:27\n"
    "            ident deposit [function] @14:30\n"
    "            unary & @14:39\n"
    "              ident acct [static global] @14:40\n"
    "      expression @15:3\n"
    "        assign = @15:16\n"
    "          member .balance @15:7\n"
    "            ident acct [static global] @15:3\n"
    "          unary - @15:18\n"
    "            int 1 @15:19\n"
    "      return @16:3\n"
    "        int 0 @16:10\n");
}

static void
test_several_files (void **state)
{
  char *dir = tmp_with ("a.c", "typedef int T;\nT a;\n");
  g_autofree char *b = g_build_filename (dir, "b.c", NULL);
  /* T is not a typedef in b.c: each file is its own translation unit. */
  assert_true (g_file_set_contents (b, "int T;\nint f(void) { return T; }\n", -1, NULL));
  const char *files[] = { "a.c", "b.c", NULL };
  g_autofree char *dump = NULL;
  g_autofree char *diags = parse_in (dir, files, NULL, &dump);
  rm_tmp (dir);
  assert_string_equal (diags, "");
  assert_string_equal (dump,
    "file a.c\n"
    "  typedef T: int @1:13\n"
    "  global a: T @2:3\n"
    "file b.c\n"
    "  global T: int @1:5\n"
    "  function f: function(void) returning int @2:5\n"
    "    compound @2:13\n"
    "      return @2:15\n"
    "        ident T [global] @2:22\n");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_headers),
    cmocka_unit_test (test_typedef_golden),
    cmocka_unit_test (test_typedef_shadowed_in_block),
    cmocka_unit_test (test_typedef_star_is_declaration),
    cmocka_unit_test (test_typedef_scope_ends),
    cmocka_unit_test (test_gnu_golden),
    cmocka_unit_test (test_errors_several),
    cmocka_unit_test (test_errors_after_macros),
    cmocka_unit_test (test_errors_in_header),
    cmocka_unit_test (test_errors_preprocessor),
    cmocka_unit_test (test_options),
    cmocka_unit_test (test_missing_file),
    cmocka_unit_test (test_line_marker),
    cmocka_unit_test (test_preprocessed),
    cmocka_unit_test (test_dump_threaded),
    cmocka_unit_test (test_several_files),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
