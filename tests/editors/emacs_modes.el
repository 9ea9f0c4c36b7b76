;;; emacs_modes.el --- for tests/test_emacs.py  -*- lexical-binding: t -*-
;; Visits each file of $DECKLINT_FILES (separated by newlines) as a user does (find-file) and
;; writes, one a line of $DECKLINT_OUT: path TAB major mode TAB dialect TAB comment-start.
(let ((out nil))
  (dolist (path (split-string (getenv "DECKLINT_FILES") "\n" t))
    (with-current-buffer (find-file-noselect path)
      (push (format "%s\t%s\t%s\t%s\n" path major-mode
                    (or (bound-and-true-p decklint-dialect) "-")
                    (or comment-start "-"))
            out)))
  (with-temp-file (getenv "DECKLINT_OUT")
    (insert (apply #'concat (nreverse out)))))
