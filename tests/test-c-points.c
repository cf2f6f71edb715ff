/* test-c-points: the C front end's points-to analysis on small programs, each
 * compared as the whole dump of its non-empty sets (rf_c_points_to_string).
 *
 * Programs are written to a temporary directory as t.c and parsed from there; main's
 * parameters point anywhere; calls to functions without a body other than malloc
 * and friends, the pthread_* and sem_* functions and the analysis' own table are
 * unknown code. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glib/gstdio.h>
#include <string.h>
#include "rf-c.h"
#include "c-ast.h"
#include "rf-c-points.h"

/* The dump of TEXT's sets; TEXT must parse without any diagnostic. */
static char *
points_of (const char *text)
{
  char *dir = g_dir_make_tmp ("rf-pts-XXXXXX", NULL);
  assert_non_null (dir);
  g_autofree char *path = g_build_filename (dir, "t.c", NULL);
  assert_true (g_file_set_contents (path, text, -1, NULL));
  g_autofree char *cwd = g_get_current_dir ();
  assert_int_equal (g_chdir (dir), 0);
  const char *files[] = { "t.c", NULL };
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (RfCUnit) unit = rf_c_parse_files (files, NULL, diags, NULL);
  assert_int_equal (g_chdir (cwd), 0);
  g_remove (path);
  g_rmdir (dir);
  g_free (dir);
  assert_non_null (unit);
  assert_int_equal (rf_diags_n_errors (diags), 0);
  g_autoptr (GPtrArray) started = g_ptr_array_new ();
  for (guint i = 0; i < unit->files->len; i++)
    {
      CFile *f = g_ptr_array_index (unit->files, i);
      for (guint j = 0; j < f->items->len; j++)
        {
          CDecl *d = g_ptr_array_index (f->items, j);
          if (d->kind == C_DECL_FUNC && d->body && strcmp (d->name, "main") == 0)
            g_ptr_array_add (started, d);
        }
    }
  RfCPointsOptions opts = { .started = started };
  g_autoptr (RfCTypes) ty = rf_c_types_new ();
  g_autoptr (RfCPoints) pts = rf_c_points_analyse (unit, ty, &opts);
  return rf_c_points_to_string (pts);
}

#define CHECK(text, expected)                     \
  do                                              \
    {                                             \
      g_autofree char *got_ = points_of (text);   \
      assert_string_equal (got_, expected);       \
    }                                             \
  while (0)

/* The start routine's parameter gets pthread_create's argument; a local copy of it
 * and a field reached through it follow. */
static void
test_thread_argument (void **state)
{
  (void) state;
  CHECK ("#include <pthread.h>\n"
         "struct acct { pthread_mutex_t m; int bal; };\n"
         "struct acct a, b;\n"
         "static void *worker (void *arg) {\n"
         "  struct acct *p = arg;\n"
         "  pthread_mutex_t *l = &p->m;\n"
         "  pthread_mutex_lock (l);\n"
         "  p->bal++;\n"
         "  pthread_mutex_unlock (l);\n"
         "  return 0;\n"
         "}\n"
         "int main (void) {\n"
         "  pthread_t t;\n"
         "  struct acct *q = &b;\n"
         "  q->bal = 1;\n"
         "  pthread_create (&t, 0, worker, &a);\n"
         "  return 0;\n"
         "}\n",
         "main:q -> {b}\n"
         "worker:arg -> {a}\n"
         "worker:l -> {a.m}\n"
         "worker:p -> {a}\n");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_thread_argument),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
