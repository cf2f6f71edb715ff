/* rf-cpp: runs the system preprocessor and reads its line markers.
 *
 * `gcc -E` (or `cpp` when gcc is missing) runs without a shell, in the C locale and
 * with plain diagnostics (no colours, no caret lines), so each of its messages is one
 * `file:line:col: error: text` line that becomes an RfDiags entry; the caret is drawn
 * later from the original source. */
#include "rf-cpp.h"

#include <stdlib.h>
#include <string.h>

/* Which preprocessor to run, and whether it is a compiler driver (needs -E). */
static char *
find_program (const RfCppOptions *opts, gboolean *driver)
{
  if (opts && opts->program)
    {
      *driver = !g_str_has_suffix (opts->program, "cpp");
      return g_find_program_in_path (opts->program);
    }
  char *p = g_find_program_in_path ("gcc");
  *driver = p != NULL;
  if (!p)
    p = g_find_program_in_path ("cpp");
  return p;
}

static void
add_each (GPtrArray *argv, const char *flag, const char *const *values)
{
  for (guint i = 0; values && values[i]; i++)
    g_ptr_array_add (argv, g_strconcat (flag, values[i], NULL));
}

/* One line of the preprocessor's stderr: `file:line:col: severity: text` (col may be
 * missing) becomes a located diagnostic; `In file included from` and similar context
 * lines become notes; blank lines and "compilation terminated." are dropped. */
static void
add_message (RfDiags *diags, const char *line, gboolean failed)
{
  static const struct { const char *tag; RfDiagSeverity sev; } kinds[] = {
    { ": fatal error: ", RF_DIAG_ERROR },
    { ": error: ", RF_DIAG_ERROR },
    { ": warning: ", RF_DIAG_WARNING },
    { ": note: ", RF_DIAG_NOTE },
  };
  if (*line == '\0' || g_str_equal (line, "compilation terminated."))
    return;
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      const char *tag = strstr (line, kinds[k].tag);
      if (!tag)
        continue;
      /* file[:line[:col]] before the tag: peel numbers off the end. */
      g_autofree char *head = g_strndup (line, tag - line);
      guint nums[2] = { 0, 0 };
      int n = 0;
      char *colon;
      while (n < 2 && (colon = strrchr (head, ':')) != NULL)
        {
          char *end;
          guint64 v = g_ascii_strtoull (colon + 1, &end, 10);
          if (end == colon + 1 || *end != '\0')
            break;
          nums[1] = nums[0];
          nums[0] = (guint) v;
          *colon = '\0';
          n++;
        }
      RfLoc loc = { g_intern_string (head), n >= 1 ? nums[0] : 0, n == 2 ? nums[1] : 0 };
      if (n == 1)
        loc.col = 1;
      rf_diags_add (diags, kinds[k].sev, loc, "%s", tag + strlen (kinds[k].tag));
      return;
    }
  if (line[0] == ' ')
    return;  /* source excerpts, should a preprocessor print them anyway */
  rf_diags_add (diags, failed ? RF_DIAG_NOTE : RF_DIAG_WARNING, RF_LOC_NONE, "%s", line);
}

char *
rf_cpp_run (const char *file, const RfCppOptions *opts, RfDiags *diags, GError **error)
{
  g_return_val_if_fail (file != NULL, NULL);
  g_return_val_if_fail (diags != NULL, NULL);
  gboolean driver;
  g_autofree char *program = find_program (opts, &driver);
  if (!program)
    {
      g_set_error (error, RF_INPUT_ERROR, RF_INPUT_ERROR_IO,
                   "no C preprocessor found (%s)", opts && opts->program ? opts->program : "gcc or cpp");
      return NULL;
    }

  g_autoptr (GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (argv, g_strdup (program));
  if (driver)
    g_ptr_array_add (argv, g_strdup ("-E"));
  g_ptr_array_add (argv, g_strdup ("-fdiagnostics-plain-output"));
  g_ptr_array_add (argv, g_strdup ("-D__racefree__=1"));
  if (opts && opts->std)
    g_ptr_array_add (argv, g_strconcat ("-std=", opts->std, NULL));
  if (opts)
    {
      add_each (argv, "-I", opts->include_dirs);
      add_each (argv, "-D", opts->defines);
      add_each (argv, "-U", opts->undefs);
    }
  /* A name starting with '-' would be an option. */
  g_ptr_array_add (argv, file[0] == '-' ? g_strconcat ("./", file, NULL) : g_strdup (file));
  g_ptr_array_add (argv, NULL);

  g_auto (GStrv) env = g_environ_setenv (g_get_environ (), "LC_ALL", "C", TRUE);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status = 0;
  g_autoptr (GError) spawn_error = NULL;
  if (!g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL,
                     &out, &err, &status, &spawn_error))
    {
      g_set_error (error, RF_INPUT_ERROR, RF_INPUT_ERROR_IO, "cannot run %s: %s", program, spawn_error->message);
      return NULL;
    }
  gboolean failed = !g_spawn_check_wait_status (status, NULL);

  guint errors_before = rf_diags_n_errors (diags);
  g_auto (GStrv) lines = g_strsplit (err ? err : "", "\n", -1);
  for (guint i = 0; lines[i]; i++)
    add_message (diags, lines[i], failed);
  guint n = rf_diags_n_errors (diags) - errors_before;
  if (failed || n > 0)
    {
      if (n == 0)
        rf_diags_add (diags, RF_DIAG_ERROR, (RfLoc) { g_intern_string (file), 0, 0 },
                      "the preprocessor failed (%s)", program);
      n = MAX (n, 1);
      g_set_error (error, RF_INPUT_ERROR, RF_INPUT_ERROR_SYNTAX, "%u error%s", n, n == 1 ? "" : "s");
      return NULL;
    }
  return g_steal_pointer (&out);
}

/* Reads a quoted file name with C escapes at *P (just after the '"'). */
static char *
read_quoted (const char **p, const char *end)
{
  GString *s = g_string_new (NULL);
  const char *q = *p;
  while (q < end && *q != '"')
    {
      if (*q == '\\' && q + 1 < end)
        {
          q++;
          if (*q >= '0' && *q <= '7')
            {
              int v = 0;
              for (int k = 0; k < 3 && q < end && *q >= '0' && *q <= '7'; k++, q++)
                v = v * 8 + (*q - '0');
              g_string_append_c (s, (char) v);
              continue;
            }
        }
      g_string_append_c (s, *q++);
    }
  if (q >= end)
    {
      g_string_free (s, TRUE);
      return NULL;
    }
  *p = q + 1;
  return g_string_free (s, FALSE);
}

gboolean
rf_cpp_parse_line_marker (const char *text, gsize len, guint *line, const char **file, guint *flags)
{
  const char *p = text, *end = text + len;
  while (p < end && (*p == ' ' || *p == '\t'))
    p++;
  if (p >= end || *p++ != '#')
    return FALSE;
  while (p < end && (*p == ' ' || *p == '\t'))
    p++;
  if (end - p >= 4 && strncmp (p, "line", 4) == 0)
    {
      p += 4;
      while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    }
  if (p >= end || !g_ascii_isdigit (*p))
    return FALSE;
  guint64 n = 0;
  for (; p < end && g_ascii_isdigit (*p); p++)
    {
      n = n * 10 + (guint64) (*p - '0');
      if (n > G_MAXUINT)
        n = G_MAXUINT;
    }
  *line = (guint) n;
  *flags = 0;
  while (p < end && (*p == ' ' || *p == '\t'))
    p++;
  if (p < end && *p == '"')
    {
      p++;
      g_autofree char *name = read_quoted (&p, end);
      if (!name)
        return FALSE;
      *file = g_intern_string (name);
    }
  while (p < end)
    {
      if (g_ascii_isdigit (*p))
        {
          int f = *p - '0';
          if (f >= 1 && f <= 4)
            *flags |= 1u << (f - 1);
        }
      p++;
    }
  return TRUE;
}
