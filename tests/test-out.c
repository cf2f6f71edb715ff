/* test-out: output files (rf-out.h): written through symbolic links (dangling ones
 * too), into devices and descriptors in place, regular files replaced atomically with
 * their permissions kept; a set of files written all or none; and the check before a
 * long computation (rf_out_check_file). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "rf-out.h"

/* A fresh temporary directory, and a path in it. */
static char *
tmp_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("rf-out-XXXXXX", &error);
  assert_non_null (dir);
  return dir;
}

/* The whole text of PATH ("" when missing). Owned. */
static char *
slurp (const char *path)
{
  char *text = NULL;
  if (!g_file_get_contents (path, &text, NULL, NULL))
    return g_strdup ("");
  return text;
}

static int
by_name (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The names in DIR, sorted, joined by spaces. Owned. */
static char *
listing (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  for (const char *n = d ? g_dir_read_name (d) : NULL; n; n = g_dir_read_name (d))
    g_ptr_array_add (names, g_strdup (n));
  g_ptr_array_sort (names, by_name);
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < names->len; i++)
    g_string_append_printf (s, "%s%s", i ? " " : "", (char *) g_ptr_array_index (names, i));
  return g_string_free (s, FALSE);
}

static void
rm_rf (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  for (const char *n = d ? g_dir_read_name (d) : NULL; n; n = g_dir_read_name (d))
    {
      g_autofree char *p = g_build_filename (dir, n, NULL);
      if (g_file_test (p, G_FILE_TEST_IS_DIR) && !g_file_test (p, G_FILE_TEST_IS_SYMLINK))
        rm_rf (p);
      else
        g_unlink (p);
    }
  g_rmdir (dir);
}

static gboolean
write_text (const char *path, const char *text, GError **error)
{
  return rf_out_write_file (path, text, strlen (text), NULL, error);
}

/* A link to a file: the file is replaced, the link kept; a dangling link: the file it
 * names is created; a link to a link: followed to the end. */
static void
test_symlinks (void **state)
{
  g_autofree char *dir = tmp_dir ();
  g_autofree char *file = g_build_filename (dir, "file", NULL);
  g_autofree char *link = g_build_filename (dir, "link", NULL);
  g_autofree char *link2 = g_build_filename (dir, "link2", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling", NULL);
  g_autofree char *created = g_build_filename (dir, "created", NULL);
  g_autoptr (GError) error = NULL;
  assert_true (g_file_set_contents (file, "old\n", -1, NULL));
  assert_int_equal (symlink ("file", link), 0);
  assert_int_equal (symlink (link, link2), 0);   /* absolute */
  assert_int_equal (symlink ("created", dangling), 0);

  gboolean replaced = FALSE;
  assert_true (rf_out_write_file (link, "new\n", 4, &replaced, &error));
  assert_true (replaced);
  g_autofree char *t1 = slurp (file);
  assert_string_equal (t1, "new\n");
  assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));

  assert_true (write_text (link2, "newer\n", &error));
  g_autofree char *t2 = slurp (file);
  assert_string_equal (t2, "newer\n");
  assert_true (g_file_test (link2, G_FILE_TEST_IS_SYMLINK));

  assert_true (write_text (dangling, "made\n", &error));
  g_autofree char *t3 = slurp (created);
  assert_string_equal (t3, "made\n");
  assert_true (g_file_test (dangling, G_FILE_TEST_IS_SYMLINK));

  g_autofree char *names = listing (dir);
  assert_string_equal (names, "created dangling file link link2");
  rm_rf (dir);
}

/* A loop of links and a directory are errors naming the path as given. */
static void
test_errors (void **state)
{
  g_autofree char *dir = tmp_dir ();
  g_autofree char *loop = g_build_filename (dir, "loop", NULL);
  g_autofree char *sub = g_build_filename (dir, "sub", NULL);
  g_autofree char *missing = g_build_filename (dir, "no", "such", NULL);
  assert_int_equal (symlink ("loop", loop), 0);
  assert_int_equal (g_mkdir (sub, 0700), 0);
  struct { const char *path, *reason; } cases[] = {
    { loop, "Too many levels of symbolic links" },
    { sub, "Is a directory" },
    { missing, "No such file or directory" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL, check = NULL;
      g_autofree char *expected = g_strdup_printf ("cannot write '%s': %s", cases[i].path, cases[i].reason);
      assert_false (write_text (cases[i].path, "x", &error));
      assert_string_equal (error->message, expected);
      assert_false (rf_out_check_file (cases[i].path, &check));
      assert_string_equal (check->message, expected);
    }
  g_autofree char *names = listing (dir);
  assert_string_equal (names, "loop sub");
  rm_rf (dir);
}

/* A replaced file keeps its permission bits; a new one gets 0666 less the umask. */
static void
test_mode_kept (void **state)
{
  g_autofree char *dir = tmp_dir ();
  g_autofree char *file = g_build_filename (dir, "secret", NULL);
  g_autofree char *fresh = g_build_filename (dir, "fresh", NULL);
  g_autoptr (GError) error = NULL;
  assert_true (g_file_set_contents (file, "old\n", -1, NULL));
  assert_int_equal (g_chmod (file, 0640), 0);
  assert_true (write_text (file, "new\n", &error));
  GStatBuf st;
  assert_int_equal (g_stat (file, &st), 0);
  assert_int_equal (st.st_mode & 07777, 0640);
  mode_t mask = umask (022);
  umask (mask);
  assert_true (write_text (fresh, "new\n", &error));
  assert_int_equal (g_stat (fresh, &st), 0);
  assert_int_equal (st.st_mode & 07777, 0666 & ~mask);
  rm_rf (dir);
}

/* /dev/fd/N is descriptor N, written at its offset (appending after what is there),
 * not reopened from the start nor replaced; a descriptor not open is an error. */
static void
test_descriptor (void **state)
{
  g_autofree char *dir = tmp_dir ();
  g_autofree char *file = g_build_filename (dir, "log", NULL);
  int fd = g_open (file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  assert_true (fd >= 0);
  assert_int_equal (write (fd, "before\n", 7), 7);
  g_autofree char *path = g_strdup_printf ("/dev/fd/%d", fd);
  g_autofree char *proc = g_strdup_printf ("/proc/self/fd/%d", fd);
  g_autoptr (GError) error = NULL;
  gboolean replaced = TRUE;
  assert_true (rf_out_check_file (path, &error));
  assert_true (rf_out_write_file (path, "net\n", 4, &replaced, &error));
  assert_false (replaced);
  assert_true (write_text (proc, "more\n", &error));
  assert_int_equal (write (fd, "after\n", 6), 6);
  close (fd);
  g_autofree char *text = slurp (file);
  assert_string_equal (text, "before\nnet\nmore\nafter\n");
  g_autofree char *names = listing (dir);
  assert_string_equal (names, "log");

  g_autofree char *expected = g_strdup_printf ("cannot write '%s': Bad file descriptor", path);
  assert_false (rf_out_check_file (path, &error));   /* closed now */
  assert_string_equal (error->message, expected);
  g_clear_error (&error);
  assert_false (write_text (path, "x", &error));
  assert_string_equal (error->message, expected);
  rm_rf (dir);
}

/* A device is written in place: /dev/null stays a device; /dev/full fails. */
static void
test_device (void **state)
{
  g_autoptr (GError) error = NULL;
  gboolean replaced = TRUE;
  assert_true (rf_out_check_file ("/dev/null", &error));
  assert_true (rf_out_write_file ("/dev/null", "x", 1, &replaced, &error));
  assert_false (replaced);
  GStatBuf st;
  assert_int_equal (g_stat ("/dev/null", &st), 0);
  assert_true (S_ISCHR (st.st_mode));
  if (g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      assert_false (write_text ("/dev/full", "x", &error));
      assert_string_equal (error->message, "cannot write '/dev/full': No space left on device");
    }
}

/* A set of files: when the last cannot be written, none of the others is changed or
 * created, and no temporary file is left; when all can, all are written. */
static void
test_all_or_none (void **state)
{
  g_autofree char *dir = tmp_dir ();
  g_autofree char *a = g_build_filename (dir, "a", NULL);
  g_autofree char *b = g_build_filename (dir, "b", NULL);
  g_autofree char *c = g_build_filename (dir, "missing", "c", NULL);
  assert_true (g_file_set_contents (a, "old a\n", -1, NULL));
  g_autoptr (GBytes) x = g_bytes_new_static ("new a\n", 6);
  g_autoptr (GBytes) y = g_bytes_new_static ("new b\n", 6);
  g_autoptr (GBytes) z = g_bytes_new_static ("new c\n", 6);
  const char *paths[] = { a, b, c };
  GBytes *contents[] = { x, y, z };
  g_autoptr (GError) error = NULL;
  assert_false (rf_out_write_files (paths, contents, 3, &error));
  g_autofree char *expected = g_strdup_printf ("cannot write '%s': No such file or directory", c);
  assert_string_equal (error->message, expected);
  g_autofree char *ta = slurp (a);
  assert_string_equal (ta, "old a\n");
  g_autofree char *names = listing (dir);
  assert_string_equal (names, "a");

  g_clear_error (&error);
  assert_true (rf_out_write_files (paths, contents, 2, &error));
  g_autofree char *ta2 = slurp (a), *tb = slurp (b);
  assert_string_equal (ta2, "new a\n");
  assert_string_equal (tb, "new b\n");
  g_autofree char *names2 = listing (dir);
  assert_string_equal (names2, "a b");
  rm_rf (dir);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_symlinks),
    cmocka_unit_test (test_errors),
    cmocka_unit_test (test_mode_kept),
    cmocka_unit_test (test_descriptor),
    cmocka_unit_test (test_device),
    cmocka_unit_test (test_all_or_none),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
