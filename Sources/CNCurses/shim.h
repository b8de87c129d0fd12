#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <langinfo.h>
#include <string.h>
#include <ncursesw/curses.h>

/* Swift cannot import ncurses' macros and global variables directly; these wrappers expose them. */
static inline WINDOW *cncurses_stdscr(void) { return stdscr; }
static inline int cncurses_lines(void) { return LINES; }
static inline int cncurses_cols(void) { return COLS; }
static inline int cncurses_colors(void) { return COLORS; }
static inline int cncurses_color_pairs(void) { return COLOR_PAIRS; }
static inline attr_t cncurses_a_normal(void) { return A_NORMAL; }
static inline attr_t cncurses_a_bold(void) { return A_BOLD; }
static inline attr_t cncurses_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cncurses_a_reverse(void) { return A_REVERSE; }
static inline attr_t cncurses_a_dim(void) { return A_DIM; }
static inline attr_t cncurses_a_italic(void) { return A_ITALIC; }
static inline mmask_t cncurses_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t cncurses_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cncurses_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cncurses_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cncurses_button1_double_clicked(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t cncurses_button1_triple_clicked(void) { return BUTTON1_TRIPLE_CLICKED; }
static inline mmask_t cncurses_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cncurses_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline int cncurses_key_resize(void) { return KEY_RESIZE; }
static inline int cncurses_key_mouse(void) { return KEY_MOUSE; }
static inline int cncurses_color_pair(int pair) { return COLOR_PAIR(pair); }
static inline int cncurses_setlocale_all(void) { return setlocale(LC_ALL, "") != 0; }
/* Whether the locale's character set is UTF-8 (under LANG=C it is ASCII: wide characters are not shown). */
static inline int cncurses_locale_is_utf8(void) { const char *set = nl_langinfo(CODESET); return set != 0 && strcmp(set, "UTF-8") == 0; }
static inline int cncurses_key_code_yes(void) { return KEY_CODE_YES; }
static inline int cncurses_err(void) { return ERR; }
static inline int cncurses_key_up(void) { return KEY_UP; }
static inline int cncurses_key_down(void) { return KEY_DOWN; }
static inline int cncurses_key_left(void) { return KEY_LEFT; }
static inline int cncurses_key_right(void) { return KEY_RIGHT; }
static inline int cncurses_key_npage(void) { return KEY_NPAGE; }
static inline int cncurses_key_ppage(void) { return KEY_PPAGE; }
static inline int cncurses_key_home(void) { return KEY_HOME; }
static inline int cncurses_key_end(void) { return KEY_END; }
static inline int cncurses_key_backspace(void) { return KEY_BACKSPACE; }
static inline int cncurses_key_dc(void) { return KEY_DC; }
static inline int cncurses_key_enter(void) { return KEY_ENTER; }
static inline int cncurses_key_btab(void) { return KEY_BTAB; }
static inline int cncurses_key_f(int n) { return KEY_F(n); }
/* Draws one wide character with attributes and a colour pair (setcchar + mvwadd_wch). */
static inline int cncurses_put_wch(WINDOW *win, int y, int x, wchar_t ch, attr_t attrs, short pair) {
    cchar_t cell;
    wchar_t text[2] = { ch, 0 };
    if (setcchar(&cell, text, attrs, pair, 0) != OK) return ERR;
    return mvwadd_wch(win, y, x, &cell);
}
/* The most wide characters one cell holds: a spacing character and its combining marks. */
static inline int cncurses_ccharw_max(void) { return CCHARW_MAX; }
/* Draws one grapheme cluster (a spacing character and up to CCHARW_MAX - 1 combining marks,
   `count` of them at `chars`) with attributes and a colour pair in one cell. */
static inline int cncurses_put_cluster(WINDOW *win, int y, int x, const wchar_t *chars, int count, attr_t attrs, short pair) {
    cchar_t cell;
    wchar_t text[CCHARW_MAX + 1];
    int n = count < CCHARW_MAX ? count : CCHARW_MAX;
    for (int i = 0; i < n; i++) text[i] = chars[i];
    text[n < 0 ? 0 : n] = 0;
    if (setcchar(&cell, text, attrs, pair, 0) != OK) return ERR;
    return mvwadd_wch(win, y, x, &cell);
}
/* Bracketed paste: the terminal wraps pasted text in ESC[200~ ... ESC[201~ once asked to with
   ESC[?2004h. These key codes (past ncurses' own) are what wget_wch reports for the two markers. */
static inline int cncurses_key_paste_begin(void) { return KEY_MAX + 1; }
static inline int cncurses_key_paste_end(void) { return KEY_MAX + 2; }
static inline void cncurses_define_paste_keys(void) {
    define_key("\033[200~", KEY_MAX + 1);
    define_key("\033[201~", KEY_MAX + 2);
}
/* Whether a terminal type can host a full-screen program, decided from terminfo before initscr
   (which prints "Error opening terminal" and exits for an unknown one): 0 it can; 1 terminfo has
   no entry for it; 2 it cannot address the cursor or clear the screen (dumb, a hardcopy terminal).
   Writes nothing; the terminal it loads is freed and the previous one (none) restored. */
#include <ncursesw/term.h>
static inline int cncurses_terminal_kind(const char *term) {
    int status = 0;
    TERMINAL *previous = cur_term;
    if (setupterm(term, 1, &status) != OK) { set_curterm(previous); return 1; }
    char *address = tigetstr("cup"), *clear = tigetstr("clear");
    int usable = address != NULL && address != (char *)-1 && clear != NULL && clear != (char *)-1 && tigetflag("hc") <= 0;
    del_curterm(set_curterm(previous));
    return usable ? 0 : 2;
}
#endif
