;;; detect_files.el --- for tests/test_editor_detection.py  -*- lexical-binding: t -*-
;; The dialect Emacs' detector gives each file listed in $DECKLINT_LIST (one a line), as named
;; and with its name hidden (MEMBER), one a line of $DECKLINT_OUT:
;; path TAB dialect-as-named TAB dialect-name-hidden ("-" for none).
(require 'decklint)

(defun detect-files--lines ()
  (let ((lines nil))
    (goto-char (point-min))
    (while (not (eobp))
      (push (buffer-substring-no-properties (line-beginning-position) (line-end-position)) lines)
      (forward-line 1))
    (vconcat (nreverse lines))))

(let ((out nil)
      (coding-system-for-read 'utf-8))
  (with-temp-buffer
    (insert-file-contents (getenv "DECKLINT_LIST"))
    (dolist (path (split-string (buffer-string) "\n" t))
      (with-temp-buffer
        (insert-file-contents path)
        (let* ((lines (detect-files--lines))
               (named (car (decklint-detect (decklint-source path lines (length lines)))))
               (hidden (car (decklint-detect (decklint-source "MEMBER" lines (length lines))))))
          (push (format "%s\t%s\t%s\n" path (or named "-") (or hidden "-")) out)))))
  (with-temp-file (getenv "DECKLINT_OUT")
    (insert (apply #'concat (nreverse out)))))
